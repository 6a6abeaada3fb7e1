// Child processes under test: the real app and the bare node:http baseline.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { freePort } from '../tests/support/processes.js';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const root = path.resolve(import.meta.dirname, '..');
const HOST = '127.0.0.1';
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;
const MAX_CAPTURED_CHARS = 64 * 1024;
const REQUEST_TIMEOUT_MS = 5_000;

export interface ServerProcess {
  name: string;
  child: ChildProcess;
  origin: string;
}

export interface HttpAnswer {
  status: number;
  contentType: string;
  body: Buffer;
}

/** Thrown when a server does not come up; carries what the server wrote, for the operator. */
export class StartupError extends Error {
  constructor(
    message: string,
    readonly output: string,
  ) {
    super(message);
  }
}

/**
 * One GET through node:http. Not fetch(): fetch asks for gzip and decompresses, while the load
 * generator sends no Accept-Encoding, so only this sees the bytes the benchmark will receive.
 */
export function get(url: string): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { timeout: REQUEST_TIMEOUT_MS }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          contentType: response.headers['content-type'] ?? '',
          body: Buffer.concat(chunks),
        }),
      );
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    // A server that accepts but never answers must not stall the start-up wait.
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer from ${url} within ${REQUEST_TIMEOUT_MS} ms`)));
    outgoing.end();
  });
}

/**
 * Holds the child's output while it starts (printed only if it fails), then passes later output
 * through with a prefix, so warnings during the run stay visible.
 */
function watchOutput(child: ChildProcess, name: string) {
  let captured = '';
  let live = false;
  const onData = (chunk: Buffer) => {
    const text = chunk.toString();
    if (live) process.stderr.write(text.replace(/^(?=.)/gm, `[${name}] `));
    else captured = (captured + text).slice(-MAX_CAPTURED_CHARS);
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  return { captured: () => captured, goLive: () => (live = true) };
}

async function answersOk(url: string): Promise<boolean> {
  try {
    return (await get(url)).status === 200;
  } catch {
    return false;
  }
}

async function waitUntilReady(server: ServerProcess, readyPath: string, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new StartupError(
        `${server.name} exited (${server.child.exitCode ?? server.child.signalCode}) before answering`,
        output(),
      );
    }
    if (await answersOk(server.origin + readyPath)) return;
    await sleep(200);
  }
  await stopServer(server);
  throw new StartupError(
    `${server.name} did not answer GET ${readyPath} with 200 within ${START_TIMEOUT_MS / 1000} s`,
    output(),
  );
}

/** Every server started and not yet exited, for an interrupted run. */
const running = new Set<ServerProcess>();

async function startServer(
  name: string,
  args: string[],
  env: Record<string, string>,
  readyPath: string,
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server = { name, child, origin: `http://${HOST}:${port}` };
  running.add(server);
  child.once('exit', () => running.delete(server));
  const output = watchOutput(child, name);
  await waitUntilReady(server, readyPath, output.captured);
  output.goLive();
  return server;
}

export interface AppOptions {
  dataDir: string;
  /** Run the TypeScript sources through tsx instead of dist/, for when the build is broken. */
  fromSource: boolean;
  /** More environment for the app, e.g. SMTP_URL for the newsletter figures. */
  env?: Record<string, string>;
}

export function appEntry(fromSource: boolean): string {
  return fromSource ? 'src/server/main.ts' : 'dist/node/server/main.js';
}

/** The administrator the bench app is started with. */
export const BENCH_ADMIN = { email: 'bench@example.com', password: 'bench-password-1' };

/** The server's node flags and environment, as `npm start` gives them (scripts/server-node-flags.mjs). */
async function serverSettings(nodeArgs: string[]): Promise<{ flags: string[]; env: Record<string, string> }> {
  // Loaded by URL because scripts/ is plain JavaScript without type declarations.
  const settings = (await import(new URL('../scripts/server-node-flags.mjs', import.meta.url).href)) as {
    serverNodeFlags: (execArgv: string[]) => string[];
    serverEnvironment: () => Record<string, string>;
  };
  return { flags: settings.serverNodeFlags(nodeArgs), env: settings.serverEnvironment() };
}

export async function startApp({ dataDir, fromSource, env: extra = {} }: AppOptions): Promise<ServerProcess> {
  // BENCH_APP_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the app process;
  // a semi-space size given there replaces the one `npm start` sets.
  const nodeArgs = process.env.BENCH_APP_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const server = await serverSettings(nodeArgs);
  const args = [
    ...server.flags,
    ...nodeArgs,
    ...(fromSource ? ['--import', 'tsx', appEntry(true)] : [appEntry(false)]),
  ];
  const env = {
    ...server.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    // The orders bench signs in fifty clients at once.
    AUTH_RATE_LIMIT: '100000',
    // As behind one reverse proxy: the orders part's event streams come from 100 client addresses
    // (X-Forwarded-For), since the shop caps the streams of one address.
    TRUST_PROXY: '1',
    ...extra,
  };
  return startServer('app', args, env, '/api/health');
}

/** A reference server of bench/ (run through tsx) with its environment; ready when GET readyPath is 200. */
export function startBareScript(
  name: string,
  script: string,
  env: Record<string, string>,
  readyPath = '/',
): Promise<ServerProcess> {
  // BENCH_BARE_NODE_ARGS profiles the references as BENCH_APP_NODE_ARGS profiles the app.
  const nodeArgs = process.env.BENCH_BARE_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  return startServer(name, [...nodeArgs, '--import', 'tsx', script], env, readyPath);
}

export function startBare(bodyFile: string, contentType: string): Promise<ServerProcess> {
  const env = { BARE_BODY_FILE: bodyFile, BARE_CONTENT_TYPE: contentType };
  return startServer('bare', ['--import', 'tsx', 'bench/bare-server.ts'], env, '/');
}

/** SIGTERM lets the app drain and close its database; SIGKILL only if it hangs. */
export async function stopServer({ child }: ServerProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

/** Ctrl-C: the parts' own clean-up never runs, so every server still up is stopped here. */
export async function stopAllServers(): Promise<void> {
  await Promise.all([...running].map(stopServer));
}

export interface Memory {
  rssMb: number;
  peakMb: number;
}

/** Resident and peak resident memory from /proc (Linux only; undefined elsewhere). */
export function readMemory(pid: number | undefined): Memory | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kilobytes = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
    const memory = { rssMb: kilobytes('VmRSS') / 1024, peakMb: kilobytes('VmHWM') / 1024 };
    return Number.isFinite(memory.rssMb) && Number.isFinite(memory.peakMb) ? memory : undefined;
  } catch {
    return undefined;
  }
}

/**
 * CPU time the process has used so far, user and system, in milliseconds, from /proc (Linux only;
 * undefined elsewhere). On a shared machine the CPU time a server spends per answer moves far less
 * than its answers per second, which also count the time its neighbours kept it waiting.
 */
export function readCpuMs(pid: number | undefined): number | undefined {
  try {
    // The fields after the command name, which may hold spaces, start after its closing parenthesis.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').pop()!.split(' ');
    // utime and stime are the 14th and 15th fields of the line, in clock ticks (100 a second on Linux).
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * 10 : undefined;
  } catch {
    return undefined;
  }
}

/** CPU µs per answer between two `readCpuMs` readings; NaN when either is missing or nothing was answered. */
export function cpuUsPer(answers: number, cpuBeforeMs: number | undefined, cpuAfterMs: number | undefined): number {
  if (cpuBeforeMs === undefined || cpuAfterMs === undefined || answers === 0) return Number.NaN;
  return ((cpuAfterMs - cpuBeforeMs) * 1000) / answers;
}
