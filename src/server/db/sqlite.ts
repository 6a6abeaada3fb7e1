import { mkdirSync } from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect, type CompiledQuery, type SqliteDatabase, type SqliteStatement } from 'kysely';
import { throughKysely, type DirectStatements } from './direct-statements.js';
import { booleanColumns } from './schema.js';
import { SqliteCheckpoints } from './sqlite-checkpoints.js';

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

type Prepared = (sql: string) => BetterSqlite3.Statement;

/**
 * Kysely prepares every query anew; the app runs the same few hundred SQL texts over and over, so
 * keeping their compiled statements saves a parse per query.
 */
function preparedStatements(database: BetterSqlite3.Database): Prepared {
  const statements = new Map<string, BetterSqlite3.Statement>();
  return (sql) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = database.prepare(sql);
      if (statements.size >= 1000) statements.delete(statements.keys().next().value!);
      statements.set(sql, statement);
    }
    return statement;
  };
}

/**
 * better-sqlite3 cannot bind booleans or dates and returns 0/1 for booleans. This wrapper gives
 * Kysely the same values PostgreSQL would, so no module above this folder sees the difference.
 */
function uniformDatabase(database: BetterSqlite3.Database, compiled: Prepared): SqliteDatabase {
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
 * The check statements run straight on better-sqlite3, synchronously, with the values and rows
 * converted as uniformDatabase converts them. Safe beside Kysely because nothing else runs while
 * they do: Kysely's queries on this one connection run between awaits, and a statement, or these
 * writes with their BEGIN and COMMIT, run within one turn of JavaScript. Only a transaction that
 * Kysely has open (BEGIN sent, awaiting its next statement) could be mixed with them: a read would
 * see its uncommitted rows, a write would land inside it. So while one is open, they go through
 * Kysely, which waits for that transaction's end.
 */
function directSqlite(database: BetterSqlite3.Database, compiled: Prepared, db: Kysely<any>): DirectStatements {
  const kysely = throughKysely(db);
  const values = (query: CompiledQuery) => query.parameters.map(toSqliteValue);
  const writeAll = database.transaction((queries: ReadonlyArray<CompiledQuery>) =>
    queries.map((query) => compiled(query.sql).run(values(query)).changes),
  );
  return {
    read<Row>(query: CompiledQuery<Row>): Promise<Row[]> {
      if (database.inTransaction) return kysely.read(query);
      try {
        return Promise.resolve(compiled(query.sql).all(values(query)).map(fromSqliteRow) as Row[]);
      } catch (error) {
        return Promise.reject(error as Error);
      }
    },
    writeInTransaction(queries): Promise<number[]> {
      if (database.inTransaction) return kysely.writeInTransaction(queries);
      try {
        return Promise.resolve(writeAll(queries));
      } catch (error) {
        return Promise.reject(error as Error);
      }
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

/**
 * Kysely's dialect on the file, the check statements' runner for the Kysely instance on it, and
 * the worker that checkpoints its log (stop it before closing the dialect; none in memory).
 */
export function createSqliteDialect(file: string): {
  dialect: SqliteDialect;
  directStatements: (db: Kysely<any>) => DirectStatements;
  checkpoints: SqliteCheckpoints | null;
} {
  mkdirSync(path.dirname(file), { recursive: true });
  const database = new BetterSqlite3(file);
  database.pragma('journal_mode = WAL');
  // NORMAL in WAL mode keeps every committed transaction across a process crash (kill -9);
  // only an operating-system crash can lose the last transactions.
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  const compiled = preparedStatements(database);
  return {
    dialect: new SqliteDialect({ database: uniformDatabase(database, compiled) }),
    directStatements: (db) => directSqlite(database, compiled, db),
    checkpoints: database.memory ? null : new SqliteCheckpoints(database, file),
  };
}

/**
 * A second connection to the file, read-only, for reads that must not queue behind the writes of
 * the app's one connection: Kysely gives that connection to one transaction at a time, so a read
 * waits for every transaction queued before it (issue 21 §6: 100 payment callbacks at once, and
 * each page heard of its payment only once the last callback was done). In WAL mode it reads the
 * last committed state, whatever transaction the other connection has open.
 */
export function createSqliteReader<Schema>(file: string): Kysely<Schema> {
  const database = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  database.pragma('busy_timeout = 5000');
  return new Kysely<Schema>({
    dialect: new SqliteDialect({ database: uniformDatabase(database, preparedStatements(database)) }),
  });
}
