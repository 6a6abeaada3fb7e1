import { sql, type Kysely } from 'kysely';
import type { ColumnTypes } from '../dialect.js';

const list = (values: readonly string[]) => sql.join(values.map((value) => sql.lit(value)));

/** Every order status from this release on (decision 0014); 0001 allowed SPEC's five. */
const statuses = [
  'pending_payment',
  'paid',
  'in_progress',
  'completed',
  'failed',
  'needs_review',
  'refunded',
  'cancelled',
] as const;

/**
 * Payments that are not simply paid or failed, and refunds (issue 17 §1, decision 0014):
 * - three more statuses in the orders' CHECK;
 * - on each order, the amount its payment was asked for, what the workflow reported (amount and
 *   currency), the flags for the owner, and the earlier payment attempts (so that a late report
 *   of one never fails the current attempt);
 * - each order's timeline (order_events, migration 0011): every status change too, who made it
 *   and the note that goes with it.
 */
export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  if (t.dialect === 'postgres') {
    // Kysely runs each migration in a transaction on PostgreSQL. 0001 wrote the CHECK on the
    // column, which PostgreSQL names <table>_<column>_check.
    await sql`alter table orders drop constraint orders_status_check`.execute(db);
    await sql`alter table orders add constraint orders_status_check check (status in (${list(statuses)}))`.execute(db);
    await addPaymentColumnsAndTimelineColumns(db, t);
    return;
  }
  await inSqliteTransactionWithoutForeignKeys(db, async () => {
    await widenSqliteStatusCheck(db);
    await addPaymentColumnsAndTimelineColumns(db, t);
  });
}

async function addPaymentColumnsAndTimelineColumns(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  await db.schema.alterTable('orders').addColumn('expected_amount', t.money).execute();
  await sql`update orders set expected_amount = price`.execute(db);
  // Any decimal: a payment reported in a crypto currency has more than two decimals.
  await db.schema.alterTable('orders').addColumn('amount_paid', t.decimal).execute();
  await db.schema.alterTable('orders').addColumn('paid_currency', 'text').execute();
  // JSON array of flags (underpaid, overpaid, late, other_currency).
  await db.schema
    .alterTable('orders')
    .addColumn('payment_flags', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  // Payments started again after a failure; a retry still waiting for its page is one of them.
  await db.schema
    .alterTable('orders')
    .addColumn('payment_retries', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // JSON array of the payment ids of the earlier attempts.
  await db.schema
    .alterTable('orders')
    .addColumn('earlier_payment_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();

  // The order's timeline (order_events, migration 0011) becomes one for every status change too:
  // who made it (copied, as in the activity log: the entry outlives the account), from which
  // status to which, the administrator's note, and a payment report's amount and flags as they
  // were then (the order keeps only the last). Its lines of 0011's kind (payment_request_failed)
  // change no status, so all of these stay empty for them. `kind` has no CHECK since 0011: its
  // list is orderEventKinds in shared/schemas/orders.ts, widened there.
  await db.schema
    .alterTable('order_events')
    .addColumn('actor', 'text', (c) => c.check(sql`actor in (${list(['client', 'workflow', 'administrator'])})`))
    .execute();
  await db.schema.alterTable('order_events').addColumn('actor_id', 'text').execute();
  await db.schema.alterTable('order_events').addColumn('actor_email', 'text').execute();
  await db.schema.alterTable('order_events').addColumn('from_status', 'text').execute();
  await db.schema.alterTable('order_events').addColumn('to_status', 'text').execute();
  await db.schema.alterTable('order_events').addColumn('note', 'text').execute();
  await db.schema.alterTable('order_events').addColumn('amount_paid', t.decimal).execute();
  await db.schema.alterTable('order_events').addColumn('paid_currency', 'text').execute();
  // JSON array of flags, or null when no payment report made the change.
  await db.schema.alterTable('order_events').addColumn('payment_flags', 'text').execute();
}

/**
 * Kysely runs SQLite migrations outside any transaction; this one rebuilds the orders table, so
 * it takes one of its own: a crash half-way leaves the shop as it was. Foreign keys are off
 * meanwhile (they can only be switched outside a transaction), so dropping the old table does not
 * cascade to what refers to the orders (callbacks, downloads and their fetches, grants, timeline,
 * licences); every foreign key is checked before the commit.
 */
async function inSqliteTransactionWithoutForeignKeys(db: Kysely<any>, work: () => Promise<void>): Promise<void> {
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin immediate`.execute(db);
    try {
      await work();
      const broken = await sql`pragma foreign_key_check`.execute(db);
      if (broken.rows.length > 0) throw new Error('orders: the rebuilt table breaks a foreign key');
      await sql`commit`.execute(db);
    } catch (error) {
      await sql`rollback`.execute(db);
      throw error;
    }
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

/**
 * SQLite cannot change a CHECK in place: the table is rebuilt from its own definition with the
 * wider list (https://sqlite.org/lang_altertable.html#otheralter), its rows and indexes kept; the
 * tables that refer to it by name refer to the new one.
 */
async function widenSqliteStatusCheck(db: Kysely<any>): Promise<void> {
  const table = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'table' and name = 'orders'`.execute(db);
  const definition = table.rows[0]?.sql ?? '';
  const oldCheck = /check \(status in \('pending_payment', 'paid', 'in_progress', 'completed', 'failed'\)\)/i;
  if (!oldCheck.test(definition)) throw new Error('orders: the status CHECK of migration 0001 was not found');
  const newCheck = `check (status in (${statuses.map((status) => `'${status}'`).join(', ')}))`;
  const rebuilt = definition
    .replace(oldCheck, newCheck)
    .replace(/^create table "?orders"?/i, 'create table "orders_new"');
  const indexes = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'index' and tbl_name = 'orders' and sql is not null`.execute(db);
  await sql.raw(rebuilt).execute(db);
  await sql`insert into orders_new select * from orders`.execute(db);
  await sql`drop table orders`.execute(db);
  await sql`alter table orders_new rename to orders`.execute(db);
  for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
}
