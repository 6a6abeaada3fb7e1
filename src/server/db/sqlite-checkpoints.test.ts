import { existsSync, mkdtempSync, rmSync } from 'node:fs';
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

  it("hands checkpoints back to the app's connection if the worker dies", async () => {
    const file = databaseFile();
    const database = openWal(file);
    const checkpoints = new SqliteCheckpoints(database, file);
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
