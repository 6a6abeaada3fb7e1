import { sql, type Kysely } from 'kysely';
import type { ColumnTypes } from '../dialect.js';

/**
 * The email outbox (issue 17, decision 0015): an email that a change causes (an order received,
 * paid, delivered) is a row written in the same transaction as the change, and a background
 * sender sends the rows. A crash loses none, and none exists for a change that did not commit.
 * Not to be confused with DATA_DIR/outbox/, the folder where a shop without SMTP writes the
 * messages it sends.
 */
export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('email_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // The Message-ID header, fixed when the row is written: a message sent again keeps it.
    .addColumn('message_id', 'text', (c) => c.notNull().unique())
    // What the email is about, e.g. order-paid; the message itself is below, rendered.
    .addColumn('kind', 'text', (c) => c.notNull())
    // No foreign key: an email already caused still goes, and stays on record, if its order is deleted.
    .addColumn('order_id', 'text')
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('language', 'text')
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('attempts', t.integer, (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', t.timestamp, (c) => c.notNull())
    .addColumn('last_attempt_at', t.timestamp)
    .addColumn('sent_at', t.timestamp)
    // Set when the sender gave up (a refusal for good, or the last attempt failed).
    .addColumn('failed_at', t.timestamp)
    .addColumn('last_error', 'text')
    .execute();
  // The sender's one question, "what is due?", reads only the rows still waiting.
  await db.schema
    .createIndex('email_outbox_due_idx')
    .on('email_outbox')
    .column('next_attempt_at')
    .where(sql<boolean>`sent_at is null and failed_at is null`)
    .execute();
  await db.schema.createIndex('email_outbox_order_idx').on('email_outbox').column('order_id').execute();
}
