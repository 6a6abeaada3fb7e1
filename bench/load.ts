// Drives load with autocannon and reduces its result to the figures the report prints.
import autocannon, { type Result } from 'autocannon';

export const CONNECTIONS = 50;
/** The flooding client of the cache-flooding run: as many connections as the attack that was seen. */
export const FLOOD_CONNECTIONS = 64;

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

/**
 * Another client sending a query string never seen before on every request (a counter shared by
 * every run, so the measured run repeats nothing from the warm-up), on each public read
 * a crawler or an attacker can vary: Home, the robot list and a robot page.
 */
let floodCounter = 0;

function flood(origin: string, robotId: string, seconds: number): PromiseLike<Result> {
  const paths = [(n: number) => `/?x=${n}`, (n: number) => `/api/robots?x=${n}`, (n: number) => `/RobotDetail?robotId=${robotId}&x=${n}`, (n: number) => `/RobotDetail?robotId=unknown-${n}`];
  return autocannon({
    url: origin,
    connections: FLOOD_CONNECTIONS,
    pipelining: 1,
    duration: seconds,
    // As browsers and `curl --compressed` ask: a miss then also costs a compression.
    headers: { 'accept-encoding': 'gzip, deflate, br' },
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths[floodCounter % paths.length]!(floodCounter++) }) }],
  });
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
  return figuresOf(await run(url, seconds));
}

/** `url` measured as by measure() while another client floods the app with unique query strings. */
export async function measureUnderFlood(url: string, robotId: string, { warmupSeconds, seconds }: LoadSettings): Promise<{ measured: Figures; flood: Figures }> {
  const origin = new URL(url).origin;
  if (warmupSeconds > 0) await Promise.all([run(url, warmupSeconds), flood(origin, robotId, warmupSeconds)]);
  const [measured, flooding] = await Promise.all([run(url, seconds), flood(origin, robotId, seconds)]);
  return { measured: figuresOf(measured), flood: figuresOf(flooding) };
}

function figuresOf(result: Result): Figures {
  const responses = result.requests.total;
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    bytesPerResponse: responses > 0 ? result.throughput.total / responses : 0,
    problems: problemsOf(result),
  };
}
