import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLicensedRobot, createLicenceShop, type LicenceShop } from '../../../../tests/support/licences.js';
import { createOrder, paymentCallback } from '../../../../tests/support/orders.js';
import { createClient, SAME_ORIGIN } from '../../../../tests/support/sessions.js';
import { testDialects } from '../../../../tests/support/test-app.js';

const DAY_MS = 86_400_000;

/**
 * Where the unpaid orders (issue 17 §3) meet the email outbox (decision 0015) and the licences
 * (decision 0017): the expiry's email is a row of the outbox written in the cancellation's
 * transaction, and money after a cancellation issues the order's licence like any payment.
 */
describe.each(testDialects)('unpaid orders, the email outbox and licences on %s', (dialect) => {
  let shop: LicenceShop;

  beforeAll(async () => {
    shop = await createLicenceShop(dialect);
  });
  afterAll(() => shop?.close());

  const statusOf = async (orderId: string) =>
    (await shop.app.database.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirst())
      ?.status;
  const emailKinds = async (orderId: string) =>
    (
      await shop.app.database.db
        .selectFrom('email_outbox')
        .select('kind')
        .where('order_id', '=', orderId)
        .orderBy('created_at')
        .execute()
    ).map((row) => row.kind);
  const licenceOf = (orderId: string) =>
    shop.app.database.db.selectFrom('licences').selectAll().where('order_id', '=', orderId).executeTakeFirst();

  /** A new order of a new client, created `days` ago and untouched since. */
  async function orderFrom(days: number, robotId: string) {
    const client = await createClient(shop.app, `unpaid-${Math.random().toString(36).slice(2, 10)}@example.com`);
    const order = await createOrder(shop.app, client.cookie, robotId);
    const then = new Date(Date.now() - days * DAY_MS).toISOString();
    // A creation date is never written by the shop; the test writes one in the past.
    await (shop.app.database.db as unknown as Kysely<any>)
      .updateTable('orders')
      .set({ created_date: then, updated_at: then })
      .where('id', '=', order.id)
      .execute();
    return { client, order };
  }

  it("writes the expiry's email to the outbox with the cancellation, or neither", async () => {
    const robot = await createLicensedRobot(shop);
    const { client, order } = await orderFrom(8, robot.id);
    // The outbox cannot be written: the cancellation's transaction fails whole.
    await sql`alter table email_outbox rename to email_outbox_away`.execute(shop.app.database.db);
    try {
      expect(await shop.app.unpaidOrdersExpiry.run()).toEqual({ ran: false });
    } finally {
      await sql`alter table email_outbox_away rename to email_outbox`.execute(shop.app.database.db);
    }
    expect(await statusOf(order.id)).toBe('pending_payment');
    expect(await emailKinds(order.id)).toEqual(['order-received']);

    expect(await shop.app.unpaidOrdersExpiry.run()).toMatchObject({ ran: true });
    expect(await statusOf(order.id)).toBe('cancelled');
    await shop.app.emailOutbox.drain();
    expect(await emailKinds(order.id)).toEqual(['order-received', 'order-cancelled']);
    const { emails } = (await shop.admin('GET', `/api/admin/orders/${order.id}`)).json<{
      emails: { kind: string; recipient: string; sent_at: string | null }[];
    }>();
    expect(emails.find((email) => email.kind === 'order-cancelled')).toMatchObject({
      recipient: client.email,
      sent_at: expect.any(String),
    });
  });

  it('emails no cancellation to a client who cancelled, and issues the licence of money that came after', async () => {
    const robot = await createLicensedRobot(shop);
    const { client, order } = await orderFrom(0, robot.id);
    const cancelled = await shop.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/cancel`,
      headers: { ...SAME_ORIGIN, cookie: client.cookie },
    });
    expect(cancelled.json().status).toBe('cancelled');
    expect(await licenceOf(order.id)).toBeUndefined();

    const late = await paymentCallback(shop.app, { order_id: order.id, status: 'paid', amount_paid: 199 });
    expect(late.json()).toMatchObject({ status: 'paid', outcome: 'applied' });
    expect(await licenceOf(order.id)).toMatchObject({ status: 'active' });
    await shop.app.emailOutbox.drain();
    // The paid email and the administrators' note share their transaction's time: compared as a set.
    expect((await emailKinds(order.id)).sort()).toEqual(['order-paid', 'order-paid-administrator', 'order-received']);
  });
});
