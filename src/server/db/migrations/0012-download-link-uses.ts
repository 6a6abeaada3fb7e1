import type { Kysely } from 'kysely';
import type { ColumnTypes } from '../dialect.js';

/**
 * A download link is one download (issue 17, decision 0008). Each row of `order_downloads` is one
 * issued link; it now records its first fetch (the compare-and-set that makes it one download),
 * the bytes its answers sent and those reserved by answers still going (resumed ranges included),
 * which bound what one link can deliver, and when it had sent a whole file's worth. Every fetch
 * of a link, served or refused, is kept in `order_download_fetches`.
 */
export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  await db.schema.alterTable('order_downloads').addColumn('first_fetched_at', t.timestamp).execute();
  await db.schema.alterTable('order_downloads').addColumn('completed_at', t.timestamp).execute();
  // Robot files are at most 50 MB: twice that fits an integer on both engines.
  await db.schema
    .alterTable('order_downloads')
    .addColumn('bytes_sent', t.integer, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('order_downloads')
    .addColumn('bytes_in_flight', t.integer, (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('order_download_fetches')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('download_id', 'text', (c) => c.notNull().references('order_downloads.id').onDelete('cascade'))
    .addColumn('fetched_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('ip_address', 'text')
    // The Range header as the client sent it (cut to 200 characters), null for a whole file.
    .addColumn('range_header', 'text')
    .addColumn('outcome', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('order_download_fetches_order_idx')
    .on('order_download_fetches')
    .columns(['order_id', 'fetched_at'])
    .execute();
  await db.schema
    .createIndex('order_download_fetches_download_idx')
    .on('order_download_fetches')
    .column('download_id')
    .execute();
}
