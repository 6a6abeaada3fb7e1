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

describe.each(testDialects)('migration 0009 (payment outcomes and refunds) on %s', (dialect) => {
  it("widens the orders' statuses, keeping every order with its callbacks, downloads and grants", async () => {
    const { db } = await emptyDatabase(dialect, cleanups);
    const migrator = new Migrator({ db, provider: new InCodeMigrations(columnTypes(dialect)) });
    expect((await migrator.migrateTo('0008-banners-table')).error).toBeUndefined();
    // A shop of the previous release: a client, a delivered order with its logs, a pending one.
    const previous = db as unknown as Kysely<any>;
    const userId = randomUUID();
    await previous
      .insertInto('users')
      .values({ id: userId, email: 'old@example.com', email_verified: dialect === 'sqlite' ? 1 : true })
      .execute();
    const delivered = {
      id: randomUUID(),
      user_id: userId,
      robot_id: null,
      robot_name: 'Old Robot',
      telegram_username: '@old',
      strategy_instructions: 'An older order, kept through the migration with everything it had.',
      price: 149.5,
      status: 'completed',
      estimated_delivery: '2026-01-08T00:00:00.000Z',
      payment_id: 'pay-old',
      pay_url: 'https://pay.example.com/old',
      file_path: 'private/orders/old/robot.zip',
      file_name: 'robot.zip',
      download_count: 1,
      idempotency_key: 'key-1',
      terms_accepted_at: '2026-01-01T00:00:00.000Z',
      language: 'fr',
      created_date: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-02T00:00:00.000Z',
    };
    const pending = { ...delivered, id: randomUUID(), status: 'pending_payment', idempotency_key: 'key-2', price: 20 };
    await previous.insertInto('orders').values([delivered, pending]).execute();
    await previous
      .insertInto('order_payment_callbacks')
      .values({ id: randomUUID(), order_id: delivered.id, payload: '{}', signature: 'secret', outcome: 'applied' })
      .execute();
    await previous.insertInto('order_downloads').values({ id: randomUUID(), order_id: delivered.id }).execute();
    await previous
      .insertInto('order_download_grants')
      .values({ id: randomUUID(), order_id: delivered.id, granted_at: '2026-01-03T00:00:00.000Z', extra: 1 })
      .execute();

    expect(await migrateToLatest(db, dialect)).toContain('0009-payment-outcomes-and-refunds');

    const rows = await db.selectFrom('orders').selectAll().orderBy('price', 'desc').execute();
    expect(rows).toEqual([
      {
        ...delivered,
        expected_amount: 149.5,
        amount_paid: null,
        paid_currency: null,
        payment_flags: '[]',
        payment_retries: 0,
        earlier_payment_ids: '[]',
      },
      expect.objectContaining({ id: pending.id, status: 'pending_payment', expected_amount: 20 }),
    ]);
    const children = async (table: 'order_payment_callbacks' | 'order_downloads' | 'order_download_grants') =>
      (await db.selectFrom(table).select('order_id').execute()).map((row) => row.order_id);
    expect(await children('order_payment_callbacks')).toEqual([delivered.id]);
    expect(await children('order_downloads')).toEqual([delivered.id]);
    expect(await children('order_download_grants')).toEqual([delivered.id]);

    // The new statuses are allowed, anything else still refused; the other checks and the unique
    // idempotency key hold as before.
    for (const status of ['needs_review', 'refunded', 'cancelled'] as const)
      await db.updateTable('orders').set({ status }).where('id', '=', pending.id).execute();
    await expect(
      db
        .updateTable('orders')
        .set({ status: 'lost' as 'paid' })
        .where('id', '=', pending.id)
        .execute(),
    ).rejects.toThrow();
    await expect(
      db.updateTable('orders').set({ download_count: 3 }).where('id', '=', pending.id).execute(),
    ).rejects.toThrow();
    await expect(
      db.updateTable('orders').set({ idempotency_key: 'key-1' }).where('id', '=', pending.id).execute(),
    ).rejects.toThrow();

    // Foreign keys still point at the orders: deleting one takes its logs and timeline along.
    await db
      .insertInto('order_events')
      .values({
        id: randomUUID(),
        order_id: delivered.id,
        created_at: '2026-01-04T00:00:00.000Z',
        actor: 'administrator',
        actor_id: null,
        actor_email: 'owner@example.com',
        event: 'refunded',
        from_status: 'completed',
        to_status: 'refunded',
        note: null,
      })
      .execute();
    await expect(
      db
        .insertInto('order_payment_callbacks')
        .values({
          id: randomUUID(),
          order_id: 'no-such-order',
          received_at: '2026-01-04T00:00:00.000Z',
          payload: '{}',
          signature: 'secret',
          status_word: null,
          outcome: 'applied',
          detail: null,
        })
        .execute(),
    ).rejects.toThrow();
    await db.deleteFrom('orders').where('id', '=', delivered.id).execute();
    expect(await children('order_payment_callbacks')).toEqual([]);
    expect(await children('order_downloads')).toEqual([]);
    expect(await children('order_download_grants')).toEqual([]);
    expect(await db.selectFrom('order_events').selectAll().execute()).toEqual([]);

    // The orders' indexes came through the rebuild.
    const indexes =
      dialect === 'sqlite'
        ? await sql<{
            name: string;
          }>`select name from sqlite_master where type = 'index' and tbl_name = 'orders'`.execute(db)
        : await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'orders'`.execute(db);
    expect(indexes.rows.map((row) => row.name)).toEqual(
      expect.arrayContaining([
        'orders_user_created_idx',
        'orders_created_idx',
        'orders_robot_idx',
        'orders_payment_idx',
        'orders_status_created_idx',
      ]),
    );
  });
});
