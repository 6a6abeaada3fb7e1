// Drives load with autocannon and reduces its result to the figures the report prints.
import autocannon, { type Result } from 'autocannon';

export const CONNECTIONS = 50;
/** The flooding client of the cache-flooding run: as many connections as the attack that was seen. */
export const FLOOD_CONNECTIONS = 64;

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

function flood(origin: string, robotSlug: string, seconds: number): PromiseLike<Result> {
  const paths = [
    (n: number) => `/?x=${n}`,
    (n: number) => `/api/robots?x=${n}`,
    (n: number) => `/robots/${robotSlug}?x=${n}`,
    (n: number) => `/robots/unknown-${n}`,
  ];
  return autocannon({
    url: origin,
    connections: FLOOD_CONNECTIONS,
    pipelining: 1,
    duration: seconds,
    // As browsers and `curl --compressed` ask: a miss then also costs a compression.
    headers: { 'accept-encoding': 'gzip, deflate, br' },
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => ({ ...request, path: paths[floodCounter % paths.length]!(floodCounter++) }),
      },
    ],
  });
}

export function problemsOf(result: Result): string[] {
  const counts = { errors: result.errors, timeouts: result.timeouts, 'non-2xx': result.non2xx };
  const problems = Object.entries(counts)
    .filter(([, count]) => count > 0)
    .map(([label, count]) => `${count} ${label}`);
  // On a starved machine a short round can end before any answer arrives: its figures are zeros.
  if (result.requests.total === 0) problems.push('no request completed within the round');
  return problems;
}

/** GET `url` from 50 connections for `seconds`. */
export async function load(url: string, seconds: number): Promise<Figures> {
  return figuresOf(await run(url, seconds));
}

/** `url` loaded as by load() while another client floods the app with unique query strings. */
export async function loadUnderFlood(
  url: string,
  robotSlug: string,
  seconds: number,
): Promise<{ measured: Figures; flood: Figures }> {
  const [measured, flooding] = await Promise.all([run(url, seconds), flood(new URL(url).origin, robotSlug, seconds)]);
  return { measured: figuresOf(measured), flood: figuresOf(flooding) };
}

/**
 * Completed requests over the time elapsed: in rounds of a few seconds the average of the
 * per-second samples would weigh a partial last second like a full one.
 */
export function requestsPerSecond(result: Result): number {
  return result.duration > 0 ? result.requests.total / result.duration : 0;
}

/** NaN when no request completed: autocannon then reports 0 ms, which would read as fast. */
export function latencyP99(result: Result): number {
  return result.requests.total > 0 ? result.latency.p99 : Number.NaN;
}

function figuresOf(result: Result): Figures {
  const responses = result.requests.total;
  return {
    requestsPerSecond: requestsPerSecond(result),
    p99Ms: latencyP99(result),
    bytesPerResponse: responses > 0 ? result.throughput.total / responses : 0,
    problems: problemsOf(result),
  };
}
