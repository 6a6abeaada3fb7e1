import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './database.js';
import { SqliteCheckpoints } from './sqlite-checkpoints.js';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function databaseFile(): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'tradebot-checkpoints-'));
  folders.push(folder);
  return path.join(folder, 'shop.db');
}

function openWal(file: string): BetterSqlite3.Database {
  const database = new BetterSqlite3(file);
  database.pragma('journal_mode = WAL');
  database.exec('create table notes (id integer primary key, text text not null)');
  return database;
}

function writeNotes(database: BetterSqlite3.Database, count: number): void {
  const insert = database.prepare('insert into notes (text) values (?)');
  for (let index = 0; index < count; index++) insert.run(`note ${index} ${'x'.repeat(200)}`);
}

/** The notes in the database file alone, without its log: what checkpoints have copied so far. */
function notesInFile(file: string): number {
  const copy = `${file}-copy`;
  copyFileSync(file, copy);
  const database = new BetterSqlite3(copy, { readonly: true });
  try {
    return (database.prepare('select count(*) as count from notes').get() as { count: number }).count;
  } finally {
    database.close();
    rmSync(copy, { force: true });
  }
}

/** Waits for `condition`, with room for a busy machine (a worker's start can take a second there). */
async function until(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('SQLite checkpoints on a worker thread', () => {
  it("copies the app's log into the database file while the app's connection leaves it to the worker", async () => {
    const file = databaseFile();
    const database = openWal(file);
    const checkpoints = new SqliteCheckpoints(database, file);
    try {
      // SQLite's default (1,000 pages) is raised to a fallback far above it.
      expect(database.pragma('wal_autocheckpoint', { simple: true })).toBe(10_000);
      writeNotes(database, 300);
      const result = await checkpoints.now();
      expect(result.log).toBeGreaterThan(0);
      expect(result.checkpointed).toBe(result.log);
    } finally {
      await checkpoints.stop();
      database.close();
    }
  });

  it("closes the worker's connection on stop, so the app's close is the last and removes the log", async () => {
    const file = databaseFile();
    const database = openWal(file);
    const checkpoints = new SqliteCheckpoints(database, file);
    writeNotes(database, 10);
    await checkpoints.now();
    await checkpoints.stop();
    await expect(checkpoints.now()).rejects.toThrow(/stopped/);
    database.close();
    expect(existsSync(`${file}-wal`)).toBe(false);
    const reopened = new BetterSqlite3(file, { readonly: true });
    expect(reopened.prepare('select count(*) as count from notes').get()).toEqual({ count: 10 });
    reopened.close();
  });

  it('runs the worker only while the app writes: started by a write, stopped when idle, started again by the next', async () => {
    const file = databaseFile();
    const database = openWal(file);
    const checkpoints = new SqliteCheckpoints(database, file, { watchMs: 20, idleMs: 300 });
    try {
      // Reads change nothing: no worker.
      for (let turn = 0; turn < 10; turn++) {
        database.prepare('select count(*) from notes').get();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(checkpoints.running).toBe(false);

      writeNotes(database, 300);
      await until(() => checkpoints.running, 'a write started the worker');
      await until(() => !checkpoints.running, 'the idle worker stopped');
      expect(notesInFile(file)).toBe(300);

      writeNotes(database, 5);
      await until(() => checkpoints.running, 'the next write started a worker again');
      await until(() => !checkpoints.running, 'that worker stopped too');
      expect(notesInFile(file)).toBe(305);
      // SQLite's default stays off: the app's connection still leaves the log to the worker.
      expect(database.pragma('wal_autocheckpoint', { simple: true })).toBe(10_000);
    } finally {
      await checkpoints.stop();
      database.close();
    }
  });

  it('answers now() while an idle worker is stopping, with a worker of its own', async () => {
    const file = databaseFile();
    const database = openWal(file);
    const checkpoints = new SqliteCheckpoints(database, file, { watchMs: 20, idleMs: 100 });
    try {
      writeNotes(database, 3);
      await until(() => checkpoints.running, 'a write started the worker');
      await until(() => !checkpoints.running, 'the idle worker is stopping');
      writeNotes(database, 2);
      const result = await checkpoints.now();
      expect(result.checkpointed).toBe(result.log);
      expect(notesInFile(file)).toBe(5);
    } finally {
      await checkpoints.stop();
      database.close();
    }
  });

  it("hands checkpoints back to the app's connection if the worker dies", async () => {
    const file = databaseFile();
    const database = openWal(file);
    const checkpoints = new SqliteCheckpoints(database, file);
    await checkpoints.now();
    // The worker's own thread ends as a fatal error in it would end it.
    await (checkpoints as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
    expect(database.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    await checkpoints.stop();
    database.close();
  });

  it('stops with the database handle', async () => {
    const file = databaseFile();
    const handle = await openDatabase({ dialect: 'sqlite', file });
    await handle.db.schema
      .createTable('notes')
      .addColumn('id', 'integer', (column) => column.primaryKey())
      .execute();
    await handle.close();
    // Both connections closed, the app's last: it folded the log into the file and removed it.
    expect(existsSync(`${file}-wal`)).toBe(false);
  });
});
