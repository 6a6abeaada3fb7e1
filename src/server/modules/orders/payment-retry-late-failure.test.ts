import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeWorkflow, type FakeWorkflow } from '../../../../tests/support/fake-workflow.js';
import {
  activeRobot,
  createOrder,
  paymentCallback,
  setSetting,
  WORKFLOW_SECRET,
} from '../../../../tests/support/orders.js';
import { waitFor } from '../../../../tests/support/processes.js';
import { createClient, SAME_ORIGIN } from '../../../../tests/support/sessions.js';
import { createTestApp, testDialects, type TestApp } from '../../../../tests/support/test-app.js';

/**
 * Issue 17 §2, "A late failure fails the retry": a client retries after a failure and, while the
 * payment workflow prepares the retry's page, the earlier attempt's signed `failed` arrives again.
 * Only the current attempt may fail the order, and the retry keeps its payment.
 */
describe.each(testDialects)('a retried payment and a late failure of an earlier attempt on %s', (dialect) => {
  let shop: TestApp;
  let workflow: FakeWorkflow;
  let client: Awaited<ReturnType<typeof createClient>>;
  let robotId: string;

  beforeAll(async () => {
    shop = await createTestApp(dialect, { STATS_REFRESH_SECONDS: '0' });
    workflow = await startFakeWorkflow();
    client = await createClient(shop.app, 'retrier@example.com');
    robotId = (await activeRobot(shop.app)).id;
    await setSetting(shop.app, 'n8n_secret_token', WORKFLOW_SECRET);
    await setSetting(shop.app, 'n8n_webhook_url', workflow.url);
  });
  afterAll(async () => {
    await shop.close();
    await workflow.close();
  });

  const startPayment = (orderId: string) =>
    shop.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/payment`,
      headers: { ...SAME_ORIGIN, cookie: client.cookie },
    });
  const orderOf = async (orderId: string) =>
    (await shop.app.inject({ url: `/api/orders/${orderId}`, headers: { cookie: client.cookie } })).json<{
      status: string;
      payment_id: string | null;
      pay_url: string | null;
    }>();

  /** An order whose first payment ('first' or none) the workflow reported failed. */
  async function failedOrder(firstPaymentId: string | null) {
    const order = await createOrder(shop.app, client.cookie, robotId);
    workflow.answer = {
      status: 200,
      body: { PayUrl: 'https://pay.example.com/first', ...(firstPaymentId ? { payment_id: firstPaymentId } : {}) },
    };
    expect((await startPayment(order.id)).statusCode).toBe(200);
    const failed = await paymentCallback(
      shop.app,
      { order_id: order.id, status: 'failed', ...(firstPaymentId ? { payment_id: firstPaymentId } : {}) },
      'timestamped',
    );
    expect(failed.json()).toMatchObject({ status: 'failed', outcome: 'applied' });
    return order;
  }

  /**
   * Retries the payment with the workflow holding its answer until `meanwhile` is done; answers the
   * retry's response.
   */
  async function retryWhile(orderId: string, secondPaymentId: string | null, meanwhile: () => Promise<void>) {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const asked = workflow.requests.length;
    workflow.answer = {
      status: 200,
      body: { PayUrl: 'https://pay.example.com/second', ...(secondPaymentId ? { payment_id: secondPaymentId } : {}) },
      until: held,
    };
    const retry = startPayment(orderId);
    // The retry's request has reached the workflow, which now holds its answer.
    await waitFor(() => (workflow.requests.length > asked ? true : undefined));
    try {
      await meanwhile();
    } finally {
      release();
    }
    return retry;
  }

  it("ignores the earlier attempt's failure arriving again while the workflow answers the retry", async () => {
    const order = await failedOrder('first');
    const retry = await retryWhile(order.id, 'second', async () => {
      const replay = await paymentCallback(
        shop.app,
        { order_id: order.id, status: 'failed', payment_id: 'first' },
        'timestamped',
      );
      expect(replay.statusCode).toBe(200);
      expect(replay.json()).toEqual({ order_id: order.id, status: 'pending_payment', outcome: 'ignored' });
      expect((await orderOf(order.id)).status).toBe('pending_payment');
    });
    // The retry stored its payment: the client's invoice is the order's current payment.
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual({
      pay_url: 'https://pay.example.com/second',
      order_id: order.id,
      payment_id: 'second',
    });
    expect(await orderOf(order.id)).toMatchObject({
      status: 'pending_payment',
      payment_id: 'second',
      pay_url: 'https://pay.example.com/second',
    });
    // The ignored report is kept and says why.
    const kept = await shop.app.database.db
      .selectFrom('order_payment_callbacks')
      .select(['outcome', 'detail'])
      .where('order_id', '=', order.id)
      .orderBy('received_at')
      .execute();
    expect(kept.at(-1)).toMatchObject({ outcome: 'ignored' });
    expect(kept.at(-1)!.detail).toContain('first');
    // Later reports of the earlier attempt change nothing either; the current one decides.
    expect(
      (await paymentCallback(shop.app, { order_id: order.id, status: 'expired', payment_id: 'first' })).json().outcome,
    ).toBe('ignored');
    expect(
      (await paymentCallback(shop.app, { order_id: order.id, status: 'paid', payment_id: 'second' })).json(),
    ).toMatchObject({ status: 'paid', outcome: 'applied' });
  });

  it('ignores a failure without a payment id while the retry has no answer yet: it cannot be the retry', async () => {
    const order = await failedOrder(null);
    const retry = await retryWhile(order.id, null, async () => {
      const replay = await paymentCallback(shop.app, { order_id: order.id, status: 'failed' }, 'timestamped');
      expect(replay.json()).toEqual({ order_id: order.id, status: 'pending_payment', outcome: 'ignored' });
    });
    expect(retry.statusCode).toBe(200);
    expect(await orderOf(order.id)).toMatchObject({
      status: 'pending_payment',
      pay_url: 'https://pay.example.com/second',
    });
    // Once the retry has its page, a failure without an id is the current attempt's.
    expect((await paymentCallback(shop.app, { order_id: order.id, status: 'failed' })).json()).toMatchObject({
      status: 'failed',
      outcome: 'applied',
    });
  });

  it("ignores the earlier attempt's failure after a retry whose answer had no payment id", async () => {
    const order = await failedOrder('first');
    const retry = await retryWhile(order.id, null, async () => undefined);
    expect(retry.statusCode).toBe(200);
    const late = await paymentCallback(shop.app, { order_id: order.id, status: 'failed', payment_id: 'first' });
    expect(late.json()).toEqual({ order_id: order.id, status: 'pending_payment', outcome: 'ignored' });
  });

  it('still counts money received for an earlier attempt: a late paid report pays the order', async () => {
    const order = await failedOrder('first');
    const retry = await retryWhile(order.id, 'second', async () => {
      const paid = await paymentCallback(shop.app, { order_id: order.id, status: 'paid', payment_id: 'first' });
      expect(paid.json()).toMatchObject({ status: 'paid', outcome: 'applied' });
    });
    // The page the client asked for still opens; the order stays paid.
    expect(retry.statusCode).toBe(200);
    expect((await orderOf(order.id)).status).toBe('paid');
  });
});
