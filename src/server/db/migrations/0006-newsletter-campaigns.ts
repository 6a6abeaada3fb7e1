import { sql, type Kysely } from 'kysely';
import type { ColumnTypes } from '../dialect.js';

const list = (values: readonly string[]) => sql.join(values.map((value) => sql.lit(value)));

/**
 * Newsletter management (issue 11): double opt-in confirmation, and campaigns sent directly by
 * email with one row per recipient, so a restarted server knows exactly who is still to be sent.
 */
export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  // Null while a double opt-in subscriber has not confirmed. Subscribers from before are confirmed.
  await db.schema.alterTable('newsletter_subscribers').addColumn('confirmed_date', t.timestamp).execute();
  await db
    .updateTable('newsletter_subscribers')
    .set({ confirmed_date: sql.ref('created_date') })
    .execute();

  await db.schema
    .createTable('newsletter_campaigns')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in (${list(['workflow', 'email'])})`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in (${list(['sending', 'sent', 'failed'])})`))
    .addColumn('recipient_count', t.integer, (c) => c.notNull())
    .addColumn('sender', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('created_date', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('finished_date', t.timestamp)
    .execute();
  await db.schema
    .createIndex('newsletter_campaigns_created_idx')
    .on('newsletter_campaigns')
    .column('created_date')
    .execute();

  await db.schema
    .createTable('newsletter_deliveries')
    .addColumn('campaign_id', 'text', (c) => c.notNull().references('newsletter_campaigns.id').onDelete('cascade'))
    // No foreign key: a subscriber who unsubscribes mid-campaign is removed, and their row says so.
    .addColumn('subscriber_id', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in (${list(['pending', 'sent', 'failed', 'skipped'])})`),
    )
    .addColumn('attempts', t.integer, (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('sent_date', t.timestamp)
    .addPrimaryKeyConstraint('newsletter_deliveries_pk', ['campaign_id', 'subscriber_id'])
    .execute();
  await db.schema
    .createIndex('newsletter_deliveries_status_idx')
    .on('newsletter_deliveries')
    .columns(['campaign_id', 'status'])
    .execute();
}
