import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, startTs, waitFor, waitForHealth, type Started } from '../../tests/support/processes.js';

const running: Started[] = [];
const folders: string[] = [];

function dataDir(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'tradebot-main-'));
  folders.push(folder);
  return folder;
}

function server(env: Record<string, string>): Started {
  const started = startTs('src/server/main.ts', { LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env });
  running.push(started);
  return started;
}

afterEach(async () => {
  for (const started of running.splice(0)) if (started.child.exitCode === null) started.child.kill('SIGKILL');
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function expectOneLineFailure(started: Started, pattern: RegExp) {
  const lines = started
    .stderr()
    .trim()
    .split('\n')
    .filter((line) => !line.startsWith('(node:') && !line.includes('--trace-warnings'));
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(pattern);
}

describe('the server process', () => {
  it('stops with one line naming a wrong variable', async () => {
    const started = server({ PORT: 'eighty', DATA_DIR: dataDir() });
    expect(await started.exited).toBe(1);
    expectOneLineFailure(started, /^tradebot-store: Invalid PORT: /);
  });

  it('stops with one line when PostgreSQL cannot be reached', async () => {
    const started = server({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://shop:secret@127.0.0.1:1/shop' });
    expect(await started.exited).toBe(1);
    expectOneLineFailure(
      started,
      /^tradebot-store: Cannot open the database at postgres:\/\/shop:\*\*\*@127\.0\.0\.1:1\/shop/,
    );
  });

  it('refuses a second process on the same DATA_DIR, and stops cleanly on SIGTERM', async () => {
    const folder = dataDir();
    const port = await freePort();
    const first = server({ DATA_DIR: folder, PORT: String(port) });
    await waitForHealth(port, first);
    const second = server({ DATA_DIR: folder, PORT: String(await freePort()) });
    expect(await second.exited).toBe(1);
    expectOneLineFailure(second, /^tradebot-store: DATA_DIR .* is in use by another tradebot-store process/);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
  });

  it('keeps every committed write across kill -9, and starts again on the same DATA_DIR', async () => {
    const folder = dataDir();
    const writer = startTs('tests/support/write-loop.ts', { DATA_DIR: folder });
    running.push(writer);
    await waitFor(() => {
      if (writer.child.exitCode !== null) throw new Error(`writer exited: ${writer.stderr()}`);
      return writer.stdout().split('\n').length > 200 ? true : undefined;
    });
    writer.child.kill('SIGKILL');
    await writer.exited;
    const committed = writer.stdout().split('\n').filter(Boolean);

    const port = await freePort();
    const restarted = server({ DATA_DIR: folder, PORT: String(port) });
    await waitForHealth(port, restarted);
    const faqs = (await (await fetch(`http://127.0.0.1:${port}/api/faqs`)).json()) as Array<{ id: string }>;
    const stored = new Set(faqs.map((faq) => faq.id));
    expect(committed.filter((id) => !stored.has(id))).toEqual([]);
  });
});
