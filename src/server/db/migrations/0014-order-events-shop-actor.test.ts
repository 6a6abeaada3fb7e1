import { randomUUID } from 'node:crypto';
import { Migrator, sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyDatabase } from '../../../../tests/support/empty-database.js';
import { testDialects, type TestDialect } from '../../../../tests/support/test-app.js';
import { columnTypes } from '../dialect.js';
import { InCodeMigrations, migrateToLatest } from '../migrate.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The timeline table's columns, indexes and foreign keys as the engine reports them: all but its CHECKs. */
async function timelineShape(db: Kysely<any>, dialect: TestDialect) {
  if (dialect === 'sqlite') {
    const columns =
      await sql`select name, type, "notnull", dflt_value, pk from pragma_table_info('order_events')`.execute(db);
    const indexes =
      await sql`select sql from sqlite_master where type = 'index' and tbl_name = 'order_events' order by name`.execute(
        db,
      );
    const foreignKeys =
      await sql`select "table", "from", "to", on_delete from pragma_foreign_key_list('order_events')`.execute(db);
    return { columns: columns.rows, indexes: indexes.rows, foreignKeys: foreignKeys.rows };
  }
  const columns = await sql`select column_name, data_type, is_nullable, column_default, ordinal_position
    from information_schema.columns where table_name = 'order_events' order by ordinal_position`.execute(db);
  const indexes =
    await sql`select indexname, indexdef from pg_indexes where tablename = 'order_events' order by indexname`.execute(
      db,
    );
  const foreignKeys = await sql`select conname, pg_get_constraintdef(oid) as definition from pg_constraint
    where conrelid = 'order_events'::regclass and contype in ('f', 'p') order by conname`.execute(db);
  return { columns: columns.rows, indexes: indexes.rows, foreignKeys: foreignKeys.rows };
}

describe.each(testDialects)('migration 0014 (the shop as an actor of the timeline) on %s', (dialect) => {
  it('lets the shop be named on the timeline of 0011 and 0013, keeping every line, column, index and foreign key', async () => {
    const { db } = await emptyDatabase(dialect, cleanups);
    const migrator = new Migrator({ db, provider: new InCodeMigrations(columnTypes(dialect)) });
    expect((await migrator.migrateTo('0013-payment-outcomes-and-refunds')).error).toBeUndefined();
    const previous = db as unknown as Kysely<any>;
    const order = {
      id: randomUUID(),
      user_id: null,
      robot_id: null,
      robot_name: 'Old Robot',
      telegram_username: '@old',
      strategy_instructions: 'An older order whose timeline goes through the migration unchanged.',
      price: 49,
      status: 'paid',
      estimated_delivery: '2026-01-08T00:00:00.000Z',
      language: 'en',
      created_date: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-02T00:00:00.000Z',
    };
    await previous.insertInto('orders').values(order).execute();
    // A line of 0011's kind (no status change, no actor) and a status change of 0013's.
    const requestFailed = {
      id: randomUUID(),
      order_id: order.id,
      occurred_at: '2026-01-01T00:00:01.000Z',
      kind: 'payment_request_failed',
      detail: 'The payment workflow answered 502.',
      actor: null,
      actor_id: null,
      actor_email: null,
      from_status: null,
      to_status: null,
      note: null,
      amount_paid: null,
      paid_currency: null,
      payment_flags: null,
    };
    const paid = {
      ...requestFailed,
      id: randomUUID(),
      occurred_at: '2026-01-02T00:00:00.000Z',
      kind: 'payment_reported',
      detail: null,
      actor: 'workflow',
      from_status: 'pending_payment',
      to_status: 'paid',
      amount_paid: 49,
      paid_currency: 'USD',
      payment_flags: '[]',
    };
    await previous.insertInto('order_events').values([requestFailed, paid]).execute();
    const shopLine = {
      ...paid,
      id: randomUUID(),
      actor: 'shop',
      kind: 'unpaid_expired',
      to_status: 'cancelled',
      amount_paid: null,
      paid_currency: null,
      payment_flags: null,
    };
    await expect(previous.insertInto('order_events').values(shopLine).execute()).rejects.toThrow();
    const before = await timelineShape(previous, dialect);

    expect(await migrateToLatest(db, dialect)).toContain('0014-order-events-shop-actor');

    const lines = await previous.selectFrom('order_events').selectAll().orderBy('occurred_at').execute();
    expect(
      lines.map((line) => ({ ...line, amount_paid: line.amount_paid === null ? null : Number(line.amount_paid) })),
    ).toEqual([requestFailed, paid]);
    expect(await timelineShape(previous, dialect)).toEqual(before);
    await previous.insertInto('order_events').values(shopLine).execute();
    // Any other actor is still refused, a line without one still allowed, and a line still needs its order.
    await expect(
      previous
        .insertInto('order_events')
        .values({ ...paid, id: randomUUID(), actor: 'someone' })
        .execute(),
    ).rejects.toThrow();
    await previous
      .insertInto('order_events')
      .values({ ...requestFailed, id: randomUUID() })
      .execute();
    await expect(
      previous
        .insertInto('order_events')
        .values({ ...paid, id: randomUUID(), order_id: 'no-such-order' })
        .execute(),
    ).rejects.toThrow();
    // Deleting the order still takes its timeline along.
    await previous.deleteFrom('orders').where('id', '=', order.id).execute();
    expect(await previous.selectFrom('order_events').selectAll().execute()).toEqual([]);
  });
});
