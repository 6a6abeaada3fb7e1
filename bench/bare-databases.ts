// The connections of the bare reference servers, on the app's own database: its SQLite file
// (BARE_DB_FILE) or its PostgreSQL database (BARE_DATABASE_URL).
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { POOL_SIZE } from '../src/server/db/postgres.js';

/** The app's SQLite file, with the app's journal and sync settings. */
export function openBareSqlite(): BetterSqlite3.Database {
  const database = new BetterSqlite3(process.env.BARE_DB_FILE!);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('busy_timeout = 5000');
  return database;
}

/** A pool of the app's size on its PostgreSQL database, so that both wait on as many connections. */
export function openBarePool(): pg.Pool {
  const pool = new pg.Pool({ connectionString: process.env.BARE_DATABASE_URL, max: POOL_SIZE });
  // An idle client losing its connection must not end the process; the pool replaces it.
  pool.on('error', () => undefined);
  return pool;
}
