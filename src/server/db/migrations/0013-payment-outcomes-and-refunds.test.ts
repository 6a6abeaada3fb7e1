import { randomUUID } from 'node:crypto';
import { Migrator, sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyDatabase } from '../../../../tests/support/empty-database.js';
import { testDialects } from '../../../../tests/support/test-app.js';
import { columnTypes } from '../dialect.js';
import { InCodeMigrations } from '../migrate.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The tables whose rows belong to an order (a foreign key to orders, deleted with it). */
const orderChildren = [
  'order_payment_callbacks',
  'order_downloads',
  'order_download_fetches',
  'order_download_grants',
  'order_events',
  'licences',
] as const;

describe.each(testDialects)('migration 0013 (payment outcomes and refunds) on %s', (dialect) => {
  it("widens the orders' statuses, keeping every order with everything that refers to it (0004 to 0012)", async () => {
    const { db } = await emptyDatabase(dialect, cleanups);
    const migrator = new Migrator({ db, provider: new InCodeMigrations(columnTypes(dialect)) });
    expect((await migrator.migrateTo('0012-download-link-uses')).error).toBeUndefined();
    // A shop of the previous release: a client, a delivered order with its logs, a licence, a
    // timeline line and an email, and a pending order.
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
    const children = {
      order_payment_callbacks: {
        id: randomUUID(),
        order_id: delivered.id,
        received_at: '2026-01-02T00:00:00.000Z',
        payload: '{}',
        signature: 'secret',
        status_word: 'paid',
        outcome: 'applied',
        detail: null,
      },
      order_downloads: {
        id: randomUUID(),
        order_id: delivered.id,
        downloaded_at: '2026-01-03T00:00:00.000Z',
        ip_address: '203.0.113.7',
        user_agent: 'curl/8',
        first_fetched_at: '2026-01-03T00:00:01.000Z',
        completed_at: '2026-01-03T00:00:02.000Z',
        bytes_sent: 1234,
        bytes_in_flight: 0,
      },
      order_download_grants: {
        id: randomUUID(),
        order_id: delivered.id,
        granted_by: null,
        granted_at: '2026-01-03T00:00:00.000Z',
        extra: 1,
      },
      order_events: {
        id: randomUUID(),
        order_id: pending.id,
        occurred_at: '2026-01-04T00:00:00.000Z',
        kind: 'payment_request_failed',
        detail: 'The workflow did not answer in time.',
      },
      licences: {
        id: randomUUID(),
        order_id: delivered.id,
        robot_id: null,
        user_id: userId,
        key_hash: 'hash-1',
        key_sealed: 'sealed-1',
        key_suffix: 'ABCD',
        real_slots: 1,
        demo_slots: 2,
        expires_at: null,
        status: 'active',
        revoked_reason: null,
        revoked_at: null,
        created_at: '2026-01-03T00:00:00.000Z',
        updated_at: '2026-01-03T00:00:00.000Z',
      },
    };
    for (const [table, row] of Object.entries(children)) await previous.insertInto(table).values(row).execute();
    const fetch = {
      id: randomUUID(),
      order_id: delivered.id,
      download_id: children.order_downloads.id,
      fetched_at: '2026-01-03T00:00:01.000Z',
      ip_address: '203.0.113.7',
      range_header: null,
      outcome: 'full',
    };
    await previous.insertInto('order_download_fetches').values(fetch).execute();
    // No foreign key: an email already caused stays on record without its order (decision 0015).
    await previous
      .insertInto('email_outbox')
      .values({
        id: randomUUID(),
        message_id: '<1@shop.example.com>',
        kind: 'order-delivered',
        order_id: delivered.id,
        recipient: 'old@example.com',
        subject: 'Your robot',
        body: 'Ready.',
        next_attempt_at: '2026-01-03T00:00:00.000Z',
      })
      .execute();

    // Up to this migration only: 0015 moves the orders' files to their versions.
    const migrated = await migrator.migrateTo('0013-payment-outcomes-and-refunds');
    expect(migrated.error).toBeUndefined();
    expect(migrated.results?.map((result) => result.migrationName)).toEqual(['0013-payment-outcomes-and-refunds']);

    const rows = await previous.selectFrom('orders').selectAll().orderBy('price', 'desc').execute();
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
    // Every row that referred to an order is there as it was; the timeline's line has the new
    // columns, empty (it changed no status).
    const all = (table: string) => previous.selectFrom(table).selectAll().execute();
    expect(await all('order_payment_callbacks')).toEqual([children.order_payment_callbacks]);
    expect(await all('order_downloads')).toEqual([children.order_downloads]);
    expect(await all('order_download_grants')).toEqual([children.order_download_grants]);
    expect(await all('order_download_fetches')).toEqual([fetch]);
    // Later migrations add licence columns (0017): the row is kept, whatever they add.
    expect(await all('licences')).toMatchObject([children.licences]);
    expect(await all('order_events')).toEqual([
      {
        ...children.order_events,
        actor: null,
        actor_id: null,
        actor_email: null,
        from_status: null,
        to_status: null,
        note: null,
        amount_paid: null,
        paid_currency: null,
        payment_flags: null,
      },
    ]);

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
      previous.updateTable('orders').set({ download_count: 3 }).where('id', '=', pending.id).execute(),
    ).rejects.toThrow();
    await expect(
      db.updateTable('orders').set({ idempotency_key: 'key-1' }).where('id', '=', pending.id).execute(),
    ).rejects.toThrow();

    // A status change on the one timeline; its actor is one of three.
    const statusLine = {
      id: randomUUID(),
      order_id: delivered.id,
      occurred_at: '2026-01-05T00:00:00.000Z',
      kind: 'refunded' as const,
      detail: null,
      actor: 'administrator' as const,
      actor_id: null,
      actor_email: 'owner@example.com',
      from_status: 'completed' as const,
      to_status: 'refunded' as const,
      note: 'Returned by bank transfer.',
      amount_paid: null,
      paid_currency: null,
      payment_flags: null,
    };
    await db.insertInto('order_events').values(statusLine).execute();
    await expect(
      db
        .insertInto('order_events')
        .values({ ...statusLine, id: randomUUID(), actor: 'robot' as 'client' })
        .execute(),
    ).rejects.toThrow();

    // Foreign keys still point at the orders: none to an order that does not exist, and deleting
    // one takes everything of it along, but not its emails.
    await expect(
      previous
        .insertInto('order_payment_callbacks')
        .values({ ...children.order_payment_callbacks, id: randomUUID(), order_id: 'no-such-order' })
        .execute(),
    ).rejects.toThrow();
    await expect(
      previous
        .insertInto('order_events')
        .values({ ...children.order_events, id: randomUUID(), order_id: 'no-such-order' })
        .execute(),
    ).rejects.toThrow();
    await expect(
      previous
        .insertInto('licences')
        .values({ ...children.licences, id: randomUUID(), order_id: 'no-such-order', key_hash: 'hash-2' })
        .execute(),
    ).rejects.toThrow();
    await db.deleteFrom('orders').where('id', '=', delivered.id).execute();
    for (const table of orderChildren) {
      const left = await previous.selectFrom(table).select('order_id').execute();
      expect(left.map((row: { order_id: string }) => row.order_id).filter((id) => id === delivered.id)).toEqual([]);
    }
    expect(await all('order_events')).toEqual([expect.objectContaining({ order_id: pending.id })]);
    expect(await db.selectFrom('email_outbox').select('order_id').execute()).toEqual([{ order_id: delivered.id }]);

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
