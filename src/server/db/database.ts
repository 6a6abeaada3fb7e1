import { Kysely, sql, type Dialect } from 'kysely';
import type { Pool } from 'pg';
import type { DatabaseConfig } from '../config.js';
import type { DialectName } from './dialect.js';
import { registerDirectStatements } from './direct-statements.js';
import type { Database } from './schema.js';
import { createSqliteDialect } from './sqlite.js';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** Answers whether the database responds to a trivial query. */
  ping(): Promise<boolean>;
  /** The connection pool now, for metrics. */
  poolStats(): PoolStats;
  close(): Promise<void>;
}

export interface PoolStats {
  total: number;
  idle: number;
  /** Queries queued for a free connection. */
  waiting: number;
}

export class DatabaseUnreachableError extends Error {}

export async function openDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  let pool: Pool | null = null;
  let sqlite: ReturnType<typeof createSqliteDialect> | null = null;
  let dialect: Dialect;
  if (config.dialect === 'postgres') {
    // The PostgreSQL driver is loaded for PostgreSQL only: a shop on SQLite does not carry it (issue 21 §5).
    const postgres = await import('./postgres.js');
    pool = postgres.createPostgresPool(config.url);
    dialect = postgres.createPostgresDialect(pool);
  } else {
    sqlite = createSqliteDialect(config.file);
    dialect = sqlite.dialect;
  }
  // SQLite has one connection, used synchronously: whenever JavaScript runs, it is idle.
  const poolStats = (): PoolStats =>
    pool
      ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }
      : { total: 1, idle: 1, waiting: 0 };
  const db = new Kysely<Database>({ dialect });
  // PostgreSQL's statements go through Kysely (directStatements' default): each is a round trip.
  if (sqlite) registerDirectStatements(db, sqlite.directStatements(db));
  const ping = async () => {
    try {
      await sql`select 1`.execute(db);
      return true;
    } catch {
      return false;
    }
  };
  try {
    await sql`select 1`.execute(db);
  } catch (error) {
    await sqlite?.checkpoints?.stop();
    await db.destroy().catch(() => undefined);
    const reason = error instanceof Error ? error.message || (error as { code?: string }).code : String(error);
    const where = config.dialect === 'postgres' ? withoutPassword(config.url) : config.file;
    throw new DatabaseUnreachableError(`Cannot open the database at ${where}: ${reason}`);
  }
  return {
    db,
    dialect: config.dialect,
    ping,
    poolStats,
    // Kysely's destroy closes the pool or the SQLite handle through the dialect's driver; SQLite's
    // checkpoint worker closes first, so the app's connection is the last and removes the log.
    close: async () => {
      await sqlite?.checkpoints?.stop();
      await db.destroy();
    },
  };
}

/** A connection URL without its password, for messages and logs. */
export function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the configured DATABASE_URL';
  }
}
