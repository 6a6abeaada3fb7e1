// Many Server-Sent Events streams held open by the bench, and the time each takes to receive an event.
import { request, type IncomingMessage } from 'node:http';

const EVENT_TIMEOUT_MS = 60_000;

export interface EventStreams {
  /**
   * Starts waiting, then runs `trigger`; answers each stream's delay in ms from the trigger to its
   * event, once `expected` streams (all, by default) have received a matching one.
   */
  next(match: (data: string) => boolean, trigger: () => Promise<unknown>, expected?: number): Promise<number[]>;
  close(): void;
}

/** Where stream number `index` is opened, and with which headers (a session, a client address). */
export type StreamTarget = (index: number) => { url: string; headers: Record<string, string> };

/** Opens `count` event streams; resolves once all of them are open, and fails if one is refused. */
export async function openStreams(target: StreamTarget, count: number): Promise<EventStreams> {
  const sockets: IncomingMessage[] = [];
  let waiting: {
    match: (data: string) => boolean;
    expected: number;
    times: number[];
    resolve: (times: number[]) => void;
  } | null = null;
  const onEvent = (data: string) => {
    if (!waiting || !waiting.match(data)) return;
    waiting.times.push(performance.now());
    if (waiting.times.length === waiting.expected) {
      const done = waiting;
      waiting = null;
      done.resolve(done.times);
    }
  };
  await Promise.all(
    Array.from({ length: count }, (_, index) => {
      const { url, headers } = target(index);
      return new Promise<void>((resolve, reject) => {
        const outgoing = request(url, { headers, agent: false }, (response) => {
          if (response.statusCode !== 200) {
            response.resume();
            return reject(new Error(`${url}: stream ${index + 1} of ${count} refused with ${response.statusCode}`));
          }
          sockets.push(response);
          // A stream cut by its server at the end of the part is expected, not a failure.
          response.on('error', () => undefined);
          let buffer = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            buffer += chunk;
            let end: number;
            while ((end = buffer.indexOf('\n\n')) >= 0) {
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              const data = /^data: (.*)$/m.exec(block)?.[1];
              if (data) onEvent(data);
            }
          });
          resolve();
        });
        outgoing.on('error', reject);
        outgoing.end();
      });
    }),
  );
  return {
    next: (match, trigger, expected = count) =>
      new Promise((resolve, reject) => {
        const sentAt = performance.now();
        // A server that died or dropped streams would otherwise keep the part waiting for ever.
        const timer = setTimeout(() => {
          const missing = expected - (waiting?.times.length ?? 0);
          waiting = null;
          reject(
            new Error(
              `${target(0).url}: ${missing} of ${expected} streams got no event within ${EVENT_TIMEOUT_MS / 1000} s`,
            ),
          );
        }, EVENT_TIMEOUT_MS);
        waiting = {
          match,
          expected,
          times: [],
          resolve: (times) => {
            clearTimeout(timer);
            resolve(times.map((time) => time - sentAt));
          },
        };
        trigger().catch((error: unknown) => {
          clearTimeout(timer);
          waiting = null;
          reject(error);
        });
      }),
    close: () => sockets.forEach((socket) => socket.destroy()),
  };
}

export function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? Number.NaN;
}
