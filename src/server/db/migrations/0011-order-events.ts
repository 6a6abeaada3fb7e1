import type { Kysely } from 'kysely';
import type { ColumnTypes } from '../dialect.js';

/**
 * An order's timeline for the owner (issue 17): what happened to an order that the client was
 * not told in detail, such as why the payment workflow could not give a payment page. The
 * client sees SPEC §8's message; the technical detail is kept here, beside the log.
 */
export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('order_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('occurred_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    // One of orderEventKinds (src/shared/schemas/orders.ts).
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('detail', 'text')
    .execute();
  await db.schema
    .createIndex('order_events_order_idx')
    .on('order_events')
    .columns(['order_id', 'occurred_at'])
    .execute();
}
