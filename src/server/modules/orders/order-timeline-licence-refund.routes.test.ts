import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buyLicence,
  createLicensedRobot,
  createLicenceShop,
  type LicenceShop,
} from '../../../../tests/support/licences.js';
import { createOrder, paymentCallback, setSetting } from '../../../../tests/support/orders.js';
import { freePort } from '../../../../tests/support/processes.js';
import { createClient, SAME_ORIGIN } from '../../../../tests/support/sessions.js';
import { TEST_ADMIN, testDialects } from '../../../../tests/support/test-app.js';

/**
 * Where payments (decision 0014) meet the email outbox (0015), the licences (0017) and the
 * order's timeline of issue 17: one timeline for status changes and failed payment requests, a
 * resolution's licence followed after the change, and the refund's email a row of the outbox.
 */
describe.each(testDialects)('resolutions, licences and the one timeline on %s', (dialect) => {
  let shop: LicenceShop;

  beforeAll(async () => {
    shop = await createLicenceShop(dialect);
  });
  afterAll(() => shop?.close());

  const licenceOf = (orderId: string) =>
    shop.app.database.db.selectFrom('licences').selectAll().where('order_id', '=', orderId).executeTakeFirst();
  const emailKinds = async (orderId: string) =>
    (
      await shop.app.database.db
        .selectFrom('email_outbox')
        .select('kind')
        .where('order_id', '=', orderId)
        .orderBy('created_at')
        .execute()
    ).map((row) => row.kind);

  it('shows failed payment requests and status changes on one timeline, newest first', async () => {
    const robot = await createLicensedRobot(shop);
    const client = await createClient(shop.app, `timeline-${dialect}@example.com`);
    const order = await createOrder(shop.app, client.cookie, robot.id);
    // The payment workflow is down: the client is told SPEC §8's message, the owner why.
    await setSetting(shop.app, 'n8n_webhook_url', `http://127.0.0.1:${await freePort()}/webhook`);
    const pay = await shop.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/payment`,
      headers: { ...SAME_ORIGIN, cookie: client.cookie },
    });
    expect(pay.statusCode).toBe(502);
    expect((await paymentCallback(shop.app, { order_id: order.id, status: 'paid', amount_paid: 199 })).statusCode).toBe(
      200,
    );

    const detail = await shop.admin('GET', `/api/admin/orders/${order.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().events).toEqual([
      {
        id: expect.any(String),
        occurred_at: expect.any(String),
        kind: 'payment_reported',
        detail: null,
        actor: 'workflow',
        actor_email: null,
        from_status: 'pending_payment',
        to_status: 'paid',
        note: null,
        amount_paid: 199,
        paid_currency: 'USD',
        payment_flags: [],
      },
      {
        id: expect.any(String),
        occurred_at: expect.any(String),
        kind: 'payment_request_failed',
        detail: expect.stringContaining('ECONNREFUSED'),
        actor: null,
        actor_email: null,
        from_status: null,
        to_status: null,
        note: null,
        amount_paid: null,
        paid_currency: null,
        payment_flags: [],
      },
    ]);
  });

  it('issues the licence when a reviewed payment is marked paid, and revokes it on a refund', async () => {
    const robot = await createLicensedRobot(shop);
    const client = await createClient(shop.app, `reviewed-${dialect}@example.com`);
    const order = await createOrder(shop.app, client.cookie, robot.id);
    const short = await paymentCallback(shop.app, { order_id: order.id, status: 'paid', amount_paid: 150 });
    expect(short.json().status).toBe('needs_review');
    // Money under review is not a paid order: no licence yet.
    expect(await licenceOf(order.id)).toBeUndefined();

    const marked = await shop.admin('POST', `/api/admin/orders/${order.id}/mark-paid`, { note: 'Rest paid by hand.' });
    expect(marked.statusCode).toBe(200);
    expect(await licenceOf(order.id)).toMatchObject({ status: 'active' });

    const refunded = await shop.admin('POST', `/api/admin/orders/${order.id}/refund`, { note: 'Changed their mind.' });
    expect(refunded.json().status).toBe('refunded');
    expect(await licenceOf(order.id)).toMatchObject({ status: 'revoked', revoked_reason: 'refunded' });
    // The refund's email is a row of the outbox, written with the change; a repeat writes no other.
    expect((await shop.admin('POST', `/api/admin/orders/${order.id}/refund`, {})).statusCode).toBe(200);
    await shop.app.emailOutbox.drain();
    const kinds = await emailKinds(order.id);
    expect(kinds.filter((kind) => kind === 'order-refunded')).toHaveLength(1);
    expect(kinds).toContain('order-paid');

    const events = (await shop.admin('GET', `/api/admin/orders/${order.id}`)).json().events as {
      kind: string;
      actor_email: string | null;
      note: string | null;
    }[];
    expect(events.slice(0, 2)).toMatchObject([
      { kind: 'refunded', actor_email: TEST_ADMIN.email, note: 'Changed their mind.' },
      { kind: 'marked_paid', actor_email: TEST_ADMIN.email, note: 'Rest paid by hand.' },
    ]);
  });

  it('revokes the licence of a delivered order refunded by the owner', async () => {
    const robot = await createLicensedRobot(shop);
    const { orderId } = await buyLicence(shop, robot.id);
    expect(await licenceOf(orderId)).toMatchObject({ status: 'active' });
    expect((await shop.admin('POST', `/api/admin/orders/${orderId}/refund`, {})).statusCode).toBe(200);
    expect(await licenceOf(orderId)).toMatchObject({ status: 'revoked', revoked_reason: 'refunded' });
  });
});
