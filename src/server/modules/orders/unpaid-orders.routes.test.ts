import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from '../../../../tests/support/admin-api.js';
import { startFakeWorkflow, type FakeWorkflow } from '../../../../tests/support/fake-workflow.js';
import {
  activeRobot,
  createOrder,
  paymentCallback,
  setSetting,
  WORKFLOW_SECRET,
} from '../../../../tests/support/orders.js';
import { createClient, SAME_ORIGIN, signIn } from '../../../../tests/support/sessions.js';
import { createTestApp, TEST_ADMIN, testDialects, type TestApp } from '../../../../tests/support/test-app.js';

/**
 * Issue 17 §3: a client resumes the payment of an unpaid order, or cancels it. Only the owner, only
 * unpaid orders; cancelling twice changes nothing; money reported after the client cancelled is a
 * late payment, while an order the owner cancelled stays cancelled (decision 0014).
 */
describe.each(testDialects)("the client's unpaid orders on %s", (dialect) => {
  let shop: TestApp;
  let workflow: FakeWorkflow;
  let client: Awaited<ReturnType<typeof createClient>>;
  let other: Awaited<ReturnType<typeof createClient>>;
  let robotId: string;
  let admin: ReturnType<typeof adminApi>;

  beforeAll(async () => {
    shop = await createTestApp(dialect, { STATS_REFRESH_SECONDS: '0' });
    workflow = await startFakeWorkflow();
    workflow.answer = (request) => {
      const { order_id: orderId } = request.body as { order_id: string };
      return { status: 200, body: { PayUrl: `https://pay.example.com/${orderId}/${workflow.requests.length}` } };
    };
    client = await createClient(shop.app, 'unpaid@example.com', 'Una Unpaid');
    other = await createClient(shop.app, 'someone-else@example.com');
    robotId = (await activeRobot(shop.app)).id;
    admin = adminApi(shop.app, await signIn(shop.app, TEST_ADMIN.email, TEST_ADMIN.password));
    await setSetting(shop.app, 'n8n_secret_token', WORKFLOW_SECRET);
    await setSetting(shop.app, 'n8n_webhook_url', workflow.url);
  });
  afterAll(async () => {
    await shop.close();
    await workflow.close();
  });

  const post = (cookie: string, url: string) =>
    shop.app.inject({ method: 'POST', url, headers: { ...SAME_ORIGIN, cookie } });
  const resume = (orderId: string, cookie = client.cookie) => post(cookie, `/api/orders/${orderId}/payment`);
  const cancel = (orderId: string, cookie = client.cookie) => post(cookie, `/api/orders/${orderId}/cancel`);
  const detail = async (orderId: string) =>
    (await admin('GET', `/api/admin/orders/${orderId}`)).json<{
      status: string;
      payment_flags: string[];
      events: { actor: string; actor_email: string | null; kind: string; from_status: string; to_status: string }[];
      callbacks: { outcome: string; detail: string }[];
    }>();

  async function waitingOrder() {
    const order = await createOrder(shop.app, client.cookie, robotId);
    expect((await resume(order.id)).statusCode).toBe(200);
    return order;
  }

  it('resumes a waiting order on its own payment page, and a failed one with a new payment', async () => {
    const order = await waitingOrder();
    const asked = workflow.requests.length;
    const first = (await resume(order.id)).json<{ pay_url: string }>();
    const again = await resume(order.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().pay_url).toBe(first.pay_url);
    expect(workflow.requests.length).toBe(asked);

    await paymentCallback(shop.app, { order_id: order.id, status: 'expired' });
    const retried = await resume(order.id);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().pay_url).not.toBe(first.pay_url);
    expect(workflow.requests.length).toBe(asked + 1);
    expect((await detail(order.id)).status).toBe('pending_payment');
  });

  it("resumes and cancels only the client's own orders: another client's is a 404, a visitor's a 401", async () => {
    const order = await waitingOrder();
    for (const response of [await resume(order.id, other.cookie), await cancel(order.id, other.cookie)]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe('Order not found.');
    }
    const visitor = await shop.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/cancel`,
      headers: SAME_ORIGIN,
    });
    expect(visitor.statusCode).toBe(401);
    expect((await cancel('no-such-order')).statusCode).toBe(404);
    expect((await detail(order.id)).status).toBe('pending_payment');
  });

  it('cancels an unpaid order once, on its timeline; cancelling again changes nothing', async () => {
    const order = await waitingOrder();
    const cancelled = await cancel(order.id);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ id: order.id, status: 'cancelled' });
    const again = await cancel(order.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().status).toBe('cancelled');

    const { events } = await detail(order.id);
    expect(events.filter((line) => line.to_status === 'cancelled')).toEqual([
      expect.objectContaining({
        actor: 'client',
        actor_email: null,
        kind: 'client_cancelled',
        from_status: 'pending_payment',
      }),
    ]);
    // A cancelled order is not paid again: the wizard's payment and Resume answer why.
    const closed = await resume(order.id);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.message).toBe('This order was cancelled.');

    // A failed order is unpaid too.
    const failed = await waitingOrder();
    await paymentCallback(shop.app, { order_id: failed.id, status: 'failed' });
    expect((await cancel(failed.id)).json().status).toBe('cancelled');
  });

  it('refuses to cancel an order whose money arrived, with 409 and the reason', async () => {
    const paid = await waitingOrder();
    await paymentCallback(shop.app, { order_id: paid.id, status: 'paid' });
    const refused = await cancel(paid.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('This order is paid: it can no longer be cancelled.');

    const reviewed = await waitingOrder();
    await paymentCallback(shop.app, { order_id: reviewed.id, status: 'paid', amount_paid: 1 });
    const underReview = await cancel(reviewed.id);
    expect(underReview.statusCode).toBe(409);
    expect(underReview.json().error.message).toBe(
      'The payment of this order is under review: it can no longer be cancelled.',
    );
    expect((await detail(paid.id)).status).toBe('paid');
    expect((await detail(reviewed.id)).status).toBe('needs_review');
  });

  it('takes a payment reported after the client cancelled as a late payment: paid, flagged late', async () => {
    const order = await waitingOrder();
    await cancel(order.id);
    const report = await paymentCallback(shop.app, { order_id: order.id, status: 'paid' });
    expect(report.statusCode).toBe(200);
    expect(report.json()).toMatchObject({ status: 'paid', outcome: 'applied' });
    const paid = await detail(order.id);
    expect(paid.payment_flags).toEqual(['late']);
    expect(paid.events[0]).toMatchObject({
      actor: 'workflow',
      kind: 'payment_after_cancellation',
      from_status: 'cancelled',
      to_status: 'paid',
    });
    expect(paid.callbacks[0]).toMatchObject({ outcome: 'applied', detail: 'cancelled -> paid' });

    // Short money after a cancellation waits for the owner's review, flagged underpaid and late.
    const short = await waitingOrder();
    await cancel(short.id);
    const reviewed = await paymentCallback(shop.app, { order_id: short.id, status: 'paid', amount_paid: 1 });
    expect(reviewed.json()).toMatchObject({ status: 'needs_review', outcome: 'applied' });
    expect((await detail(short.id)).payment_flags).toEqual(['underpaid', 'late']);

    // A failure never reopens it.
    const failedAfter = await waitingOrder();
    await cancel(failedAfter.id);
    expect((await paymentCallback(shop.app, { order_id: failedAfter.id, status: 'failed' })).json()).toMatchObject({
      status: 'cancelled',
      outcome: 'unchanged',
    });
  });

  it('keeps an order the owner cancelled after review cancelled, whatever money is reported later', async () => {
    const order = await waitingOrder();
    await paymentCallback(shop.app, { order_id: order.id, status: 'paid', amount_paid: 1 });
    expect(
      (await admin('POST', `/api/admin/orders/${order.id}/cancel`, { note: 'Refunded by hand.' })).statusCode,
    ).toBe(200);
    expect((await paymentCallback(shop.app, { order_id: order.id, status: 'paid' })).json()).toMatchObject({
      status: 'cancelled',
      outcome: 'unchanged',
    });
  });

  it('answers 409 to a resume whose order the client cancelled while the workflow prepared its page', async () => {
    const order = await createOrder(shop.app, client.cookie, robotId);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const answer = workflow.answer;
    const asked = workflow.requests.length;
    workflow.answer = { status: 200, body: { PayUrl: 'https://pay.example.com/too-late' }, until: held };
    try {
      const resuming = resume(order.id);
      await expect.poll(() => workflow.requests.length).toBe(asked + 1);
      expect((await cancel(order.id)).json().status).toBe('cancelled');
      release();
      const response = await resuming;
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toBe('This order was cancelled.');
    } finally {
      workflow.answer = answer;
      release();
    }
    const { pay_url: payUrl, status } = (
      await shop.app.inject({ url: `/api/orders/${order.id}`, headers: { cookie: client.cookie } })
    ).json<{ pay_url: string | null; status: string }>();
    expect({ payUrl, status }).toEqual({ payUrl: null, status: 'cancelled' });
  });
});
