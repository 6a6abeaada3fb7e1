import type { Kysely } from 'kysely';
import type { ColumnTypes } from '../dialect.js';

/**
 * Rate-limit counters shared by every instance on one PostgreSQL database (issue 12). SQLite has
 * one process per DATA_DIR and keeps its counters in memory; the table exists there too so that
 * both engines have one schema.
 */
export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    // "<rule name>:<client address>"
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('hits', t.integer, (c) => c.notNull())
    // Milliseconds since the epoch, on the database's clock (one clock for every instance).
    .addColumn('window_ends_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limits_window_ends_idx').on('rate_limits').column('window_ends_at').execute();
}
