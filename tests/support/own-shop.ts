// A shop of its own for browser tests that need what the shared one cannot give: the first start
// of an empty shop, a process to signal, other settings, its mail outbox. Started exactly as a
// newcomer starts it, with `node scripts/start.mjs` (the app is already built by then).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, projectRoot, waitFor } from './processes.js';

export interface OwnShop {
  /** The shop's public address (http://localhost:<port>), which better-auth accepts requests from. */
  url: string;
  dataDir: string;
  process: ChildProcess;
  stdout: () => string;
  /** Sends the signal to `npm start`'s process and resolves with its exit code. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

export async function startOwnShop(env: Record<string, string> = {}): Promise<OwnShop> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tradebot-own-shop-'));
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(projectRoot, 'scripts/start.mjs')], {
    cwd: projectRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  const url = `http://localhost:${port}`;
  await waitFor(async () => {
    if (child.exitCode !== null) throw new Error(`the shop exited early: ${err}`);
    const response = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
    return response?.ok ? true : undefined;
  }, 60_000).catch((error: unknown) => {
    // A start that never answers says what the shop printed meanwhile, or nothing is left to read.
    child.kill('SIGKILL');
    throw new Error(
      `the shop did not answer /api/health within 60 s (${String(error)}); stdout: ${out}; stderr: ${err}`,
    );
  });
  let stopped: Promise<number | null> | null = null;
  return {
    url,
    dataDir,
    process: child,
    stdout: () => out,
    stop: (signal = 'SIGTERM') => {
      stopped ??= (async () => {
        if (child.exitCode === null) child.kill(signal);
        const code = await exited;
        rmSync(dataDir, { recursive: true, force: true });
        return code;
      })();
      return stopped;
    },
  };
}

/** True while something accepts connections on the shop's port. */
export async function isServing(url: string): Promise<boolean> {
  const response = await fetch(new URL('/api/health', url.replace('localhost', '127.0.0.1'))).catch(() => null);
  return response !== null;
}
