import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activeRobot,
  createOrder,
  paymentCallback,
  setSetting,
  WORKFLOW_SECRET,
} from '../../../../tests/support/orders.js';
import { createClient } from '../../../../tests/support/sessions.js';
import { createTestApp, testDialects, type TestApp } from '../../../../tests/support/test-app.js';

/**
 * Issue 17 §2, "Callbacks without their record": paid orders without a row in the callback log
 * after kill -9. The status change and its record are one transaction, so a failure between the
 * two (here a database trigger that refuses the record, standing in for the process dying at that
 * point) leaves neither.
 */
describe.each(testDialects)('a payment callback and its record on %s', (dialect) => {
  let shop: TestApp;
  let client: Awaited<ReturnType<typeof createClient>>;
  let robotId: string;

  beforeAll(async () => {
    shop = await createTestApp(dialect, { STATS_REFRESH_SECONDS: '0' });
    client = await createClient(shop.app, 'recorded@example.com');
    robotId = (await activeRobot(shop.app)).id;
    await setSetting(shop.app, 'n8n_secret_token', WORKFLOW_SECRET);
  });
  afterAll(() => shop.close());

  /** Makes every insert into the callback log for `orderId` fail, as a crash between the writes would. */
  async function refuseRecordsOf(orderId: string): Promise<() => Promise<void>> {
    const db = shop.app.database.db;
    const id = sql.lit(orderId);
    if (dialect === 'sqlite') {
      await sql`create trigger refuse_callback_record before insert on order_payment_callbacks
        when new.order_id = ${id} begin select raise(abort, 'injected failure'); end`.execute(db);
      return async () => void (await sql`drop trigger refuse_callback_record`.execute(db));
    }
    await sql`create function refuse_callback_record() returns trigger language plpgsql as $$
        begin raise exception 'injected failure'; end $$`.execute(db);
    await sql`create trigger refuse_callback_record before insert on order_payment_callbacks for each row
        when (new.order_id = ${id}) execute function refuse_callback_record()`.execute(db);
    return async () => {
      await sql`drop trigger refuse_callback_record on order_payment_callbacks`.execute(db);
      await sql`drop function refuse_callback_record()`.execute(db);
    };
  }

  const stateOf = async (orderId: string) => {
    const db = shop.app.database.db;
    const order = await db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow();
    const records = await db
      .selectFrom('order_payment_callbacks')
      .select('outcome')
      .where('order_id', '=', orderId)
      .execute();
    return { status: order.status, records: records.map((record) => record.outcome) };
  };

  it('leaves the order unpaid when its record cannot be written, and the workflow retry then writes both', async () => {
    const order = await createOrder(shop.app, client.cookie, robotId);
    const allow = await refuseRecordsOf(order.id);
    try {
      const refused = await paymentCallback(shop.app, { order_id: order.id, status: 'paid', payment_id: 'p-1' });
      // A server error: the workflow retries, as it does when the shop is down.
      expect(refused.statusCode).toBe(500);
      expect(await stateOf(order.id)).toEqual({ status: 'pending_payment', records: [] });
    } finally {
      await allow();
    }
    const retried = await paymentCallback(shop.app, { order_id: order.id, status: 'paid', payment_id: 'p-1' });
    expect(retried.json()).toMatchObject({ status: 'paid', outcome: 'applied' });
    expect(await stateOf(order.id)).toEqual({ status: 'paid', records: ['applied'] });
  });

  it('leaves a failed payment pending too when its record cannot be written', async () => {
    const order = await createOrder(shop.app, client.cookie, robotId);
    const allow = await refuseRecordsOf(order.id);
    try {
      expect((await paymentCallback(shop.app, { order_id: order.id, status: 'expired' })).statusCode).toBe(500);
      expect(await stateOf(order.id)).toEqual({ status: 'pending_payment', records: [] });
    } finally {
      await allow();
    }
  });
});
