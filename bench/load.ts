// Drives load with autocannon and reduces its result to the figures the report prints.
import autocannon, { type Result } from 'autocannon';

export const CONNECTIONS = 50;

export interface LoadSettings {
  warmupSeconds: number;
  seconds: number;
}

export interface Figures {
  requestsPerSecond: number;
  p99Ms: number;
  /** Bytes on the wire per response, headers included: the app's headers are part of its cost. */
  bytesPerResponse: number;
  /** Anything that makes the figures suspect: errors, timeouts, non-2xx answers. */
  problems: string[];
}

function run(url: string, seconds: number): PromiseLike<Result> {
  return autocannon({ url, connections: CONNECTIONS, pipelining: 1, duration: seconds });
}

function problemsOf(result: Result): string[] {
  const counts = { errors: result.errors, timeouts: result.timeouts, 'non-2xx': result.non2xx };
  return Object.entries(counts)
    .filter(([, count]) => count > 0)
    .map(([label, count]) => `${count} ${label}`);
}

/** A discarded warm-up first, so that JIT compilation and cold caches do not count. */
export async function measure(url: string, { warmupSeconds, seconds }: LoadSettings): Promise<Figures> {
  if (warmupSeconds > 0) await run(url, warmupSeconds);
  const result = await run(url, seconds);
  const responses = result.requests.total;
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    bytesPerResponse: responses > 0 ? result.throughput.total / responses : 0,
    problems: problemsOf(result),
  };
}
