import { mkdirSync } from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';
import { booleanColumns } from './schema.js';

export class DataDirInUseError extends Error {}

function toSqliteValue(value: unknown): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  return value;
}

function fromSqliteRow(row: unknown): unknown {
  if (row === null || typeof row !== 'object') return row;
  const record = row as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (booleanColumns.has(key) && (record[key] === 0 || record[key] === 1)) record[key] = record[key] === 1;
  }
  return record;
}

/**
 * better-sqlite3 cannot bind booleans or dates and returns 0/1 for booleans. This wrapper gives
 * Kysely the same values PostgreSQL would, so no module above this folder sees the difference.
 */
function uniformDatabase(database: BetterSqlite3.Database): SqliteDatabase {
  // Kysely prepares every query anew; the app runs the same few hundred SQL texts over and over,
  // so keeping their compiled statements saves a parse per query.
  const statements = new Map<string, BetterSqlite3.Statement>();
  const compiled = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = database.prepare(sql);
      if (statements.size >= 1000) statements.delete(statements.keys().next().value!);
      statements.set(sql, statement);
    }
    return statement;
  };
  return {
    close: () => database.close(),
    prepare(sql: string): SqliteStatement {
      const statement = compiled(sql);
      const params = (parameters: ReadonlyArray<unknown>) => parameters.map(toSqliteValue);
      return {
        reader: statement.reader,
        all: (parameters) => statement.all(params(parameters)).map(fromSqliteRow),
        run: (parameters) => statement.run(params(parameters)),
        *iterate(parameters) {
          for (const row of statement.iterate(params(parameters))) yield fromSqliteRow(row);
        },
      };
    },
  };
}

/**
 * One app process per DATA_DIR: two processes writing the same SQLite file and the same storage
 * folder would each cache state the other changes. The lock is an exclusive SQLite lock on a
 * small file, held by the operating system for as long as the process lives, so it is released
 * even after kill -9 and never goes stale.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lock = new BetterSqlite3(path.join(dataDir, 'instance.lock'), { timeout: 0 });
  try {
    lock.pragma('locking_mode = EXCLUSIVE');
    lock.pragma('journal_mode = MEMORY');
    lock.exec(
      'BEGIN EXCLUSIVE; CREATE TABLE IF NOT EXISTS holder (pid INTEGER); DELETE FROM holder; INSERT INTO holder VALUES (' +
        process.pid +
        '); COMMIT;',
    );
  } catch (error) {
    lock.close();
    if ((error as { code?: string }).code?.startsWith('SQLITE_BUSY')) {
      throw new DataDirInUseError(
        `DATA_DIR ${dataDir} is in use by another tradebot-store process; stop it or choose another DATA_DIR`,
      );
    }
    throw error;
  }
  return () => lock.close();
}

export function createSqliteDialect(file: string): SqliteDialect {
  mkdirSync(path.dirname(file), { recursive: true });
  const database = new BetterSqlite3(file);
  database.pragma('journal_mode = WAL');
  // NORMAL in WAL mode keeps every committed transaction across a process crash (kill -9);
  // only an operating-system crash can lose the last transactions.
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  return new SqliteDialect({ database: uniformDatabase(database) });
}
