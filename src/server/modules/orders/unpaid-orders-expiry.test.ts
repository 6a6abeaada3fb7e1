import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from '../../../../tests/support/admin-api.js';
import {
  activeRobot,
  createOrder,
  paymentCallback,
  setSetting,
  WORKFLOW_SECRET,
} from '../../../../tests/support/orders.js';
import { readOutbox } from '../../../../tests/support/outbox.js';
import { createClient, signIn } from '../../../../tests/support/sessions.js';
import {
  createSecondInstance,
  createTestApp,
  TEST_ADMIN,
  testDialects,
  type TestApp,
} from '../../../../tests/support/test-app.js';
import { shortOrderNumber } from '../../../shared/order-number.js';

const DAY_MS = 86_400_000;

/**
 * Issue 17 §3: orders left waiting for their payment longer than the setting (7 days by default)
 * are cancelled by a job under the job lock, and each client is emailed once, in their language.
 */
describe.each(testDialects)('the expiry of unpaid orders on %s', (dialect) => {
  let shop: TestApp;
  let client: Awaited<ReturnType<typeof createClient>>;
  let robotId: string;
  let admin: ReturnType<typeof adminApi>;

  beforeAll(async () => {
    shop = await createTestApp(dialect, { STATS_REFRESH_SECONDS: '0' });
    client = await createClient(shop.app, 'slow-payer@example.com', 'Sam Slow');
    robotId = (await activeRobot(shop.app)).id;
    admin = adminApi(shop.app, await signIn(shop.app, TEST_ADMIN.email, TEST_ADMIN.password));
    await setSetting(shop.app, 'n8n_secret_token', WORKFLOW_SECRET);
  });
  afterAll(() => shop.close());

  /** A new order of the client, in French, created `days` ago and untouched since. */
  async function orderFrom(days: number, app = shop.app) {
    const order = await createOrder(app, `${client.cookie}; lang=fr`, robotId);
    const then = new Date(Date.now() - days * DAY_MS).toISOString();
    // A creation date is never written by the shop; the test writes one in the past.
    await (app.database.db as unknown as Kysely<any>)
      .updateTable('orders')
      .set({ created_date: then, updated_at: then })
      .where('id', '=', order.id)
      .execute();
    return order;
  }
  const statusOf = async (orderId: string) => (await admin('GET', `/api/admin/orders/${orderId}`)).json().status;
  const cancelledEmails = (orderId: string) =>
    readOutbox(shop.dataDir).filter((mail) =>
      mail.subject.startsWith(`Commande #${shortOrderNumber(orderId)} annulée`),
    );
  /** Waits until every email written to the outbox so far is sent (decision 0015). */
  const emailsSent = () => shop.app.emailOutbox.drain();

  it('cancels an order unpaid for longer than 7 days and emails its client once, in French', async () => {
    const old = await orderFrom(8);
    const young = await orderFrom(6);
    const run = await shop.app.unpaidOrdersExpiry.run();
    expect(run).toMatchObject({ ran: true });
    expect(await statusOf(old.id)).toBe('cancelled');
    expect(await statusOf(young.id)).toBe('pending_payment');

    const { events } = (await admin('GET', `/api/admin/orders/${old.id}`)).json();
    expect(events[0]).toMatchObject({
      actor: 'shop',
      actor_email: null,
      kind: 'unpaid_expired',
      from_status: 'pending_payment',
      to_status: 'cancelled',
    });

    // A second run finds nothing more to do: one email per cancelled order.
    expect(await shop.app.unpaidOrdersExpiry.run()).toMatchObject({ ran: true });
    await emailsSent();
    const emails = cancelledEmails(old.id);
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ to: client.email });
    expect(emails[0]!.text).toContain("n'est pas arrivé à temps");
    expect(emails[0]!.text).toContain(`${shop.config.publicUrl}/Dashboard`);
    expect(cancelledEmails(young.id)).toEqual([]);
  });

  it('counts the days from the last payment page the client asked for, and leaves failed or paid orders', async () => {
    const resumed = await orderFrom(10);
    await shop.app.database.db
      .updateTable('orders')
      .set({ updated_at: new Date(Date.now() - DAY_MS).toISOString() })
      .where('id', '=', resumed.id)
      .execute();
    const failed = await orderFrom(10);
    await paymentCallback(shop.app, { order_id: failed.id, status: 'failed' });
    const paid = await orderFrom(10);
    await paymentCallback(shop.app, { order_id: paid.id, status: 'paid' });
    for (const order of [failed, paid])
      await shop.app.database.db
        .updateTable('orders')
        .set({ updated_at: new Date(Date.now() - 9 * DAY_MS).toISOString() })
        .where('id', '=', order.id)
        .execute();

    await shop.app.unpaidOrdersExpiry.run();
    expect(await statusOf(resumed.id)).toBe('pending_payment');
    expect(await statusOf(failed.id)).toBe('failed');
    expect(await statusOf(paid.id)).toBe('paid');
  });

  it("follows the owner's setting, read at each run", async () => {
    const order = await orderFrom(8);
    expect(
      (await admin('PATCH', '/api/admin/settings', { values: { unpaid_order_expiry_days: '30' } })).statusCode,
    ).toBe(200);
    await shop.app.unpaidOrdersExpiry.run();
    expect(await statusOf(order.id)).toBe('pending_payment');
    await admin('PATCH', '/api/admin/settings', { values: { unpaid_order_expiry_days: '2' } });
    await shop.app.unpaidOrdersExpiry.run();
    expect(await statusOf(order.id)).toBe('cancelled');
    await admin('PATCH', '/api/admin/settings', { values: { unpaid_order_expiry_days: '7' } });
  });

  it('takes a payment that arrives after the expiry as a late payment', async () => {
    const order = await orderFrom(8);
    await shop.app.unpaidOrdersExpiry.run();
    expect(await statusOf(order.id)).toBe('cancelled');
    expect((await paymentCallback(shop.app, { order_id: order.id, status: 'paid' })).json()).toMatchObject({
      status: 'paid',
      outcome: 'applied',
    });
    expect((await admin('GET', `/api/admin/orders/${order.id}`)).json().payment_flags).toEqual(['late']);
  });

  // Only PostgreSQL can have several instances on one database; SQLite allows one per DATA_DIR.
  if (dialect === 'postgres') {
    it('lets two instances running at once cancel and email each order once', async () => {
      const second = await createSecondInstance(shop);
      const orders = [await orderFrom(9), await orderFrom(9), await orderFrom(9)];
      try {
        // Both instances run now: the job lock lets one in, and either way each order is cancelled once.
        const runs = await Promise.all([shop.app.unpaidOrdersExpiry.run(), second.app.unpaidOrdersExpiry.run()]);
        const cancelled = runs.reduce((sum, run) => sum + (run.ran ? run.cancelled : 0), 0);
        expect(cancelled).toBe(orders.length);
        for (const order of orders) {
          expect(await statusOf(order.id)).toBe('cancelled');
          const { events } = (await admin('GET', `/api/admin/orders/${order.id}`)).json();
          expect(events.filter((line: { kind: string }) => line.kind === 'unpaid_expired')).toHaveLength(1);
        }
      } finally {
        await second.close();
      }
      await emailsSent();
      for (const order of orders) expect(cancelledEmails(order.id)).toHaveLength(1);
    });
  }
});
