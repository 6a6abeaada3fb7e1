import { randomUUID } from 'node:crypto';
import { Migrator, sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyDatabase } from '../../../../tests/support/empty-database.js';
import { testDialects } from '../../../../tests/support/test-app.js';
import { columnTypes } from '../dialect.js';
import { InCodeMigrations, migrateToLatest } from '../migrate.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe.each(testDialects)('migration 0014 (the shop as an actor of the timeline) on %s', (dialect) => {
  it('lets the shop be named on the timeline, keeping every line, its index and its foreign key', async () => {
    const { db } = await emptyDatabase(dialect, cleanups);
    const migrator = new Migrator({ db, provider: new InCodeMigrations(columnTypes(dialect)) });
    expect((await migrator.migrateTo('0009-payment-outcomes-and-refunds')).error).toBeUndefined();
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
    const line = {
      id: randomUUID(),
      order_id: order.id,
      created_at: '2026-01-02T00:00:00.000Z',
      actor: 'workflow',
      actor_id: null,
      actor_email: null,
      event: 'payment_reported',
      from_status: 'pending_payment',
      to_status: 'paid',
      note: null,
      amount_paid: 49,
      paid_currency: 'USD',
      payment_flags: '[]',
    };
    await previous.insertInto('order_events').values(line).execute();
    const shopLine = { ...line, id: randomUUID(), actor: 'shop', event: 'unpaid_expired', to_status: 'cancelled' };
    await expect(previous.insertInto('order_events').values(shopLine).execute()).rejects.toThrow();

    expect(await migrateToLatest(db, dialect)).toContain('0014-order-events-shop-actor');

    expect(await db.selectFrom('order_events').selectAll().execute()).toEqual([line]);
    await previous.insertInto('order_events').values(shopLine).execute();
    // Any other actor is still refused, and a line still needs its order.
    await expect(
      previous
        .insertInto('order_events')
        .values({ ...line, id: randomUUID(), actor: 'someone' })
        .execute(),
    ).rejects.toThrow();
    await expect(
      previous
        .insertInto('order_events')
        .values({ ...line, id: randomUUID(), order_id: 'no-such-order' })
        .execute(),
    ).rejects.toThrow();
    const indexes =
      dialect === 'sqlite'
        ? await sql<{
            name: string;
          }>`select name from sqlite_master where type = 'index' and tbl_name = 'order_events'`.execute(db)
        : await sql<{
            name: string;
          }>`select indexname as name from pg_indexes where tablename = 'order_events'`.execute(db);
    expect(indexes.rows.map((row) => row.name)).toContain('order_events_order_idx');
    // Deleting the order still takes its timeline along.
    await db.deleteFrom('orders').where('id', '=', order.id).execute();
    expect(await db.selectFrom('order_events').selectAll().execute()).toEqual([]);
  });
});
