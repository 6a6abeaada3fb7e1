import pg from 'pg';
import { PostgresDialect } from 'kysely';

const { Pool, types } = pg;

const isoTimestamp = (value: string) => new Date(value).toISOString();

/**
 * Parsers for this pool only (not the global pg defaults), so that rows have the same shape as
 * on SQLite: numbers for numeric and bigint columns, ISO strings for timestamps.
 */
function typeParser(oid: number, format?: string): (value: string) => unknown {
  switch (oid) {
    case types.builtins.NUMERIC:
    case types.builtins.FLOAT4:
    case types.builtins.FLOAT8:
      return Number.parseFloat;
    case types.builtins.INT8:
      return Number;
    case types.builtins.TIMESTAMPTZ:
    case types.builtins.TIMESTAMP:
      return isoTimestamp;
    default:
      return types.getTypeParser(oid, (format ?? 'text') as 'text');
  }
}

/** The row shapes of the app's connections, for a connection opened outside the pool too. */
export const rowTypes = { getTypeParser: typeParser } as pg.CustomTypesConfig;

/** Connections of an instance's pool, beside the one that listens for order changes. */
export const POOL_SIZE = 10;

export function createPostgresPool(url: string): pg.Pool {
  const pool = new Pool({
    connectionString: url,
    max: POOL_SIZE,
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 30_000,
    types: rowTypes,
  });
  // An idle client can lose its connection (server restart); the pool replaces it. Without a
  // listener the 'error' event would crash the process.
  pool.on('error', () => undefined);
  return pool;
}

export function createPostgresDialect(pool: pg.Pool): PostgresDialect {
  return new PostgresDialect({ pool });
}
