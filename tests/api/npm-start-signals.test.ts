// `npm start` stopped as a process manager stops it: one signal to npm's own process id, nothing
// to the rest of its tree. The server must close its port within 10 s and leave no process
// behind, so that the next start gets the data folder.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, projectRoot, waitFor } from '../support/processes.js';
import { createPostgresDatabase, testDialects } from '../support/test-app.js';

const STOP_DEADLINE_MS = 10_000;
// The first start builds the app when the sources changed since the last build (`npm test`
// builds before it runs these tests, so this is the exception).
const FIRST_START_MS = 240_000;

interface NpmStart {
  npm: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

const runs: NpmStart[] = [];
const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  // Each `npm start` has a process group of its own (a process manager gives it one too), so a
  // test that failed leaves nothing running: the whole group is killed.
  for (const { npm } of runs.splice(0)) {
    try {
      process.kill(-npm.pid!, 'SIGKILL');
    } catch {
      // The group is gone already.
    }
  }
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

function npmStart(env: Record<string, string>): NpmStart {
  const npm = spawn('npm', ['start'], {
    cwd: projectRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: 'admin-password-1',
      npm_config_update_notifier: 'false',
      ...env,
    },
  });
  let output = '';
  npm.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  npm.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const run = { npm, output: () => output, exited: once(npm, 'exit').then(([code]) => code as number | null) };
  runs.push(run);
  return run;
}

async function healthy(port: number, run: NpmStart): Promise<void> {
  await waitFor(async () => {
    if (run.npm.exitCode !== null) throw new Error(`npm start exited early:\n${run.output()}`);
    const response = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
    return response?.ok ? true : undefined;
  }, FIRST_START_MS);
}

/** Live processes (zombies excluded) by parent, from `ps`. */
function processTable(): { pid: number; ppid: number }[] {
  const ps = spawnSync('ps', ['-A', '-o', 'pid=,ppid=,stat='], { encoding: 'utf8' });
  return ps.stdout
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([, , stat]) => !stat?.startsWith('Z'))
    .map(([pid, ppid]) => ({ pid: Number(pid), ppid: Number(ppid) }));
}

/** `root` and every process below it. */
function processTree(root: number): number[] {
  const table = processTable();
  const tree = [root];
  for (let i = 0; i < tree.length; i++)
    for (const { pid, ppid } of table) if (ppid === tree[i] && !tree.includes(pid)) tree.push(pid);
  return tree;
}

function stillRunning(pids: number[]): number[] {
  const live = new Set(processTable().map(({ pid }) => pid));
  return pids.filter((pid) => live.has(pid));
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function databaseEnv(dialect: (typeof testDialects)[number]): Promise<Record<string, string>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tradebot-npm-start-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  if (dialect === 'sqlite') return { DATA_DIR: dataDir };
  const database = await createPostgresDatabase();
  cleanups.push(database.drop);
  return { DATA_DIR: dataDir, DATABASE_URL: database.url };
}

async function expectStoppedWithin(port: number, tree: number[], what: string): Promise<void> {
  await waitFor(async () => ((await portOpen(port)) ? undefined : true), STOP_DEADLINE_MS).catch(() => {
    throw new Error(`port ${port} still open ${STOP_DEADLINE_MS} ms after ${what}`);
  });
  await waitFor(() => (stillRunning(tree).length === 0 ? true : undefined), STOP_DEADLINE_MS).catch(() => {
    throw new Error(`still running ${STOP_DEADLINE_MS} ms after ${what}: ${stillRunning(tree).join(', ')}`);
  });
}

async function started(env: Record<string, string>, port: number): Promise<{ run: NpmStart; tree: number[] }> {
  const run = npmStart({ ...env, PORT: String(port) });
  await healthy(port, run);
  const tree = processTree(run.npm.pid!);
  // npm, scripts/start.mjs and the server (and a shell between the first two, before the fix).
  expect(tree.length).toBeGreaterThanOrEqual(3);
  return { run, tree };
}

/** Starts `npm start`, signals npm's pid alone, and expects the whole tree gone in time. */
async function startAndStop(env: Record<string, string>, port: number, signal: NodeJS.Signals): Promise<void> {
  const { run, tree } = await started(env, port);
  process.kill(run.npm.pid!, signal);
  // A process manager waits for the pid it signalled: when npm has exited, the server must have
  // finished its requests and closed the database (exit status 0), its port closed, and nothing
  // of the tree may run on.
  const exit = await Promise.race([
    run.exited,
    new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), STOP_DEADLINE_MS)),
  ]);
  if (exit === 'late') throw new Error(`npm still running ${STOP_DEADLINE_MS} ms after ${signal}:\n${run.output()}`);
  expect(exit).toBe(0);
  await expectStoppedWithin(port, tree, `${signal} to npm`);
}

describe.each(testDialects)('npm start (%s)', (dialect) => {
  it(
    'stops its whole tree on SIGTERM to npm, and the next start gets the data folder',
    async () => {
      const env = await databaseEnv(dialect);
      await startAndStop(env, await freePort(), 'SIGTERM');
      await startAndStop(env, await freePort(), 'SIGTERM');
    },
    FIRST_START_MS + 60_000,
  );

  it(
    'stops its whole tree on SIGINT to npm',
    async () => {
      await startAndStop(await databaseEnv(dialect), await freePort(), 'SIGINT');
    },
    FIRST_START_MS + 60_000,
  );

  it(
    'stops the server when scripts/start.mjs is killed outright (kill -9)',
    async () => {
      const port = await freePort();
      const { run, tree } = await started(await databaseEnv(dialect), port);
      const supervisor = tree.find((pid) => pid !== run.npm.pid && processTree(pid).length === 2);
      expect(supervisor).toBeDefined();
      process.kill(supervisor!, 'SIGKILL');
      await expectStoppedWithin(port, tree, 'kill -9 of scripts/start.mjs');
    },
    FIRST_START_MS + 60_000,
  );
});
