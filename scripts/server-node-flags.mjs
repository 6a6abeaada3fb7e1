// The node flags of the server process, shared by `npm start` (scripts/start.mjs) and the bench
// (bench/servers.ts), so that the process the bench measures is the one the shop runs.

/**
 * V8's young generation, in MB per semi-space. Node's default lets each of its two semi-spaces
 * grow to 16 MB under load and keeps them committed: some 32 MB of the server's memory for the
 * few MB a request's short-lived objects need (issue 21 §5). At 2 MB the collector runs about
 * five times as often on small spaces: some 6 % more CPU time per answer on the storefront's
 * reads, within the measurement's spread; 1 MB saved some 3 MB more for 6–10 %
 * (docs/decisions/0023-server-memory.md).
 */
export const SEMI_SPACE_MB = 2;

const semiSpaceFlag = /^--max[-_]semi[-_]space[-_]size(=|$)/;

/**
 * The flags to put before the caller's own: none when the operator already chose a semi-space
 * size, on the command line (`node --max-semi-space-size=16 scripts/start.mjs`) or in NODE_OPTIONS,
 * since node reads NODE_OPTIONS first and the command line would override that choice.
 */
export function serverNodeFlags(execArgv = process.execArgv, nodeOptions = process.env.NODE_OPTIONS ?? '') {
  const chosen = [...execArgv, ...nodeOptions.split(/\s+/)].some((argument) => semiSpaceFlag.test(argument));
  return chosen ? [] : [`--max-semi-space-size=${SEMI_SPACE_MB}`];
}

/**
 * glibc's malloc gives each thread that allocates an arena of its own and keeps an arena's freed
 * memory once the thread has gone: the first paint's render thread (decision 0026) left 15–20 MB
 * resident in its arena after it exited. With one arena every thread allocates from the main
 * heap, whose free top is given back to the system, and the server's other threads (libuv's
 * pool, V8's helpers) stop holding arenas too: about 20 MB less after the reads. Set only when
 * the operator has not chosen (MALLOC_ARENA_MAX in the environment wins); other C libraries ignore it.
 */
export function serverEnvironment(env = process.env) {
  return env.MALLOC_ARENA_MAX === undefined ? { MALLOC_ARENA_MAX: '1' } : {};
}
