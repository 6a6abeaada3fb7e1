import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, startTs, waitFor, waitForHealth, type Started } from '../../../tests/support/processes.js';

const running: Started[] = [];
const folders: string[] = [];

function folder(): string {
  const created = mkdtempSync(path.join(tmpdir(), 'tradebot-backup-'));
  folders.push(created);
  return created;
}

afterEach(() => {
  for (const started of running.splice(0)) if (started.child.exitCode === null) started.child.kill('SIGKILL');
  for (const created of folders.splice(0)) rmSync(created, { recursive: true, force: true });
});

function start(entry: string, env: Record<string, string>, args: string[] = []): Started {
  const started = startTs(entry, { LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env }, args);
  running.push(started);
  return started;
}

async function command(
  entry: 'backup' | 'restore',
  env: Record<string, string>,
  args: string[] = [],
): Promise<Started & { code: number | null }> {
  const started = start(`src/server/ops/${entry}-command.ts`, env, args);
  return { ...started, code: await started.exited };
}

/** Files under a folder with their content, by path relative to it. */
function filesIn(root: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (entry.isFile())
      files[path.relative(root, path.join(entry.parentPath, entry.name))] = readFileSync(
        path.join(entry.parentPath, entry.name),
        'utf8',
      );
  }
  return files;
}

/** Subscribes reader-0, reader-1, … one at a time until stopped; `committed` holds those answered 201. */
function subscribeInALoop(port: number) {
  const committed: string[] = [];
  let stopped = false;
  const done = (async () => {
    for (let index = 0; !stopped; index++) {
      const email = `reader-${index}@example.com`;
      const response = await fetch(`http://127.0.0.1:${port}/api/newsletter/subscribe`, {
        method: 'POST',
        // A client address per request, so the newsletter's rate limit (5 a minute) lets the loop run.
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.0.${index >> 8}.${index & 255}` },
        body: JSON.stringify({ email }),
      });
      if (response.status !== 201) throw new Error(`subscribe answered ${response.status}: ${await response.text()}`);
      committed.push(email);
    }
  })();
  return {
    committed,
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}

describe('backup and restore', () => {
  it('backs up a running shop under writes, and a restored copy starts with every committed row and file', async () => {
    const dataDir = path.join(folder(), 'data');
    const backups = folder();
    const port = await freePort();
    const shop = start('src/server/main.ts', { DATA_DIR: dataDir, PORT: String(port), TRUST_PROXY: 'true' });
    await waitForHealth(port, shop);
    const robots = await (await fetch(`http://127.0.0.1:${port}/api/robots`)).json();
    // The demo catalogue's release files, stored at the first start, go with the shop too.
    const seeded = filesIn(path.join(dataDir, 'storage'));
    // Files as uploads leave them; a half-written upload in .partial is not part of a shop's files.
    const files = { 'public/images/banner.png': 'banner bytes', 'private/robots/r1/gold-scalper.ex5': 'robot bytes' };
    for (const [key, content] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dataDir, 'storage', key)), { recursive: true });
      writeFileSync(path.join(dataDir, 'storage', key), content);
    }
    writeFileSync(path.join(dataDir, 'storage', '.partial', 'upload-in-flight'), 'half');

    const writes = subscribeInALoop(port);
    await waitFor(() => (writes.committed.length >= 30 ? true : undefined));
    const committedBeforeBackup = [...writes.committed];
    const backup = await command('backup', { DATA_DIR: dataDir }, [backups]);
    const committedDuringBackup = writes.committed.length - committedBeforeBackup.length;
    await writes.stop();
    expect(backup.stderr()).toBe('');
    expect(backup.code).toBe(0);
    expect(committedDuringBackup).toBeGreaterThan(0);
    shop.child.kill('SIGTERM');
    expect(await shop.exited).toBe(0);

    const [backupName, ...others] = readdirSync(backups);
    expect(others).toEqual([]);
    expect(backupName).toMatch(/^tradebot-backup-\d{8}-\d{6}Z$/);
    expect(backup.stdout()).toContain(`Backup written to ${path.join(backups, backupName!)}`);

    const restoredDir = path.join(folder(), 'restored');
    const restore = await command('restore', { DATA_DIR: restoredDir }, [path.join(backups, backupName!)]);
    expect(restore.stderr()).toBe('');
    expect(restore.code).toBe(0);
    expect(filesIn(path.join(restoredDir, 'storage'))).toEqual({ ...seeded, ...files });
    expect(readFileSync(path.join(restoredDir, 'auth-secret'), 'utf8')).toBe(
      readFileSync(path.join(dataDir, 'auth-secret'), 'utf8'),
    );

    const restoredPort = await freePort();
    const restored = start('src/server/main.ts', {
      DATA_DIR: restoredDir,
      PORT: String(restoredPort),
      TRUST_PROXY: 'true',
    });
    await waitForHealth(restoredPort, restored);
    expect(await (await fetch(`http://127.0.0.1:${restoredPort}/api/robots`)).json()).toEqual(robots);
    const again = await fetch(`http://127.0.0.1:${restoredPort}/api/newsletter/subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: committedBeforeBackup.at(-1) }),
    });
    expect(again.status).toBe(409);

    const database = new BetterSqlite3(path.join(restoredDir, 'shop.db'), { readonly: true });
    const stored = new Set(database.prepare('select email from newsletter_subscribers').pluck().all() as string[]);
    database.close();
    expect(committedBeforeBackup.filter((email) => !stored.has(email))).toEqual([]);
    // A consistent snapshot of one-at-a-time writes is a prefix of them: no gap, nothing invented.
    const indexes = [...stored].map((email) => Number(/^reader-(\d+)@/.exec(email)![1])).sort((a, b) => a - b);
    expect(indexes).toEqual(indexes.map((_, position) => position));
  });

  it('restores only into an empty DATA_DIR', async () => {
    const dataDir = folder();
    writeFileSync(path.join(dataDir, 'shop.db'), 'the current shop');
    const backupFolder = folder();
    writeFileSync(
      path.join(backupFolder, 'backup.json'),
      JSON.stringify({ format: 1, createdAt: new Date().toISOString(), database: 'shop.db', files: 0, bytes: 0 }),
    );
    const restore = await command('restore', { DATA_DIR: dataDir }, [backupFolder]);
    expect(restore.code).toBe(1);
    expect(restore.stderr()).toMatch(
      /^tradebot-store restore: DATA_DIR .* is not empty: restore only into an empty DATA_DIR/,
    );
    expect(readFileSync(path.join(dataDir, 'shop.db'), 'utf8')).toBe('the current shop');
  });

  it('refuses a folder that is not a backup, and says to name one', async () => {
    const notBackup = await command('restore', { DATA_DIR: path.join(folder(), 'data') }, [folder()]);
    expect(notBackup.code).toBe(1);
    expect(notBackup.stderr()).toMatch(/is not a tradebot-store backup/);
    const unnamed = await command('restore', { DATA_DIR: path.join(folder(), 'data') });
    expect(unnamed.code).toBe(1);
    expect(unnamed.stderr()).toMatch(/Name the backup folder to restore/);
  });

  it('refuses on PostgreSQL and points to pg_dump and pg_restore', async () => {
    const env = { DATA_DIR: folder(), DATABASE_URL: 'postgres://shop@127.0.0.1:1/shop' };
    const backup = await command('backup', env, [folder()]);
    expect(backup.code).toBe(1);
    expect(backup.stderr()).toMatch(/^tradebot-store backup: This shop runs on PostgreSQL .* Use pg_dump/);
    const restore = await command('restore', env, [folder()]);
    expect(restore.code).toBe(1);
    expect(restore.stderr()).toMatch(/Use pg_restore/);
  });
});
