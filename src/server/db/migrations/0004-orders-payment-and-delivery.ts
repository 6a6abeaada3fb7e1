import type { Kysely } from 'kysely';
import type { ColumnTypes } from '../dialect.js';

/**
 * What orders need beyond 0001 (issue 9): the terms acceptance and the client's language on the
 * order, the log of payment callbacks, the log of downloads, and extra downloads granted by an
 * administrator. The idempotency key's unique constraint per user already exists in 0001.
 */
export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  await db.schema.alterTable('orders').addColumn('terms_accepted_at', t.timestamp).execute();
  await db.schema.alterTable('orders').addColumn('language', 'text').execute();
  // The admin list filters by status, newest first, on shops with many orders.
  await db.schema.createIndex('orders_status_created_idx').on('orders').columns(['status', 'created_date']).execute();

  await db.schema
    .createTable('order_payment_callbacks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('received_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('signature', 'text', (c) => c.notNull())
    .addColumn('status_word', 'text')
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('detail', 'text')
    .execute();
  await db.schema
    .createIndex('order_payment_callbacks_order_idx')
    .on('order_payment_callbacks')
    .columns(['order_id', 'received_at'])
    .execute();

  await db.schema
    .createTable('order_downloads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('downloaded_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('ip_address', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema
    .createIndex('order_downloads_order_idx')
    .on('order_downloads')
    .columns(['order_id', 'downloaded_at'])
    .execute();

  await db.schema
    .createTable('order_download_grants')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('granted_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('granted_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('extra', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('order_download_grants_order_idx')
    .on('order_download_grants')
    .column('order_id')
    .execute();
}
