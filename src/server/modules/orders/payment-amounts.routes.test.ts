import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from '../../../../tests/support/admin-api.js';
import {
  activeRobot,
  createOrder,
  paymentCallback,
  setSetting,
  WORKFLOW_SECRET,
} from '../../../../tests/support/orders.js';
import { createClient, signIn } from '../../../../tests/support/sessions.js';
import { createTestApp, TEST_ADMIN, testDialects, type TestApp } from '../../../../tests/support/test-app.js';

/**
 * Issue 17 §1, decision 0014: the payment hook's `amount_paid` and `currency`, a payment short of
 * the price waiting for the owner's review, overpaid and late payments paid and flagged.
 */
describe.each(testDialects)('payment amounts reported by the workflow on %s', (dialect) => {
  let shop: TestApp;
  let client: Awaited<ReturnType<typeof createClient>>;
  let robot: { id: string; price: number };
  let admin: ReturnType<typeof adminApi>;

  beforeAll(async () => {
    shop = await createTestApp(dialect, { STATS_REFRESH_SECONDS: '0' });
    client = await createClient(shop.app, 'amounts@example.com');
    robot = await activeRobot(shop.app);
    admin = adminApi(shop.app, await signIn(shop.app, TEST_ADMIN.email, TEST_ADMIN.password));
    await setSetting(shop.app, 'n8n_secret_token', WORKFLOW_SECRET);
    // The demo robots cost more than the tolerance: the checks below depend on it.
    expect(robot.price).toBeGreaterThan(10);
  });
  afterAll(() => shop.close());

  const newOrder = () => createOrder(shop.app, client.cookie, robot.id);
  const report = (orderId: string, body: Record<string, unknown>) =>
    paymentCallback(shop.app, { order_id: orderId, payment_id: 'p-1', ...body }, 'timestamped');
  const adminOrder = async (orderId: string) => (await admin('GET', `/api/admin/orders/${orderId}`)).json();

  it('keeps accepting reports without amounts, and stores the price as the expected amount', async () => {
    const order = await newOrder();
    expect((await report(order.id, { status: 'paid' })).json()).toMatchObject({ status: 'paid', outcome: 'applied' });
    expect(await adminOrder(order.id)).toMatchObject({
      status: 'paid',
      expected_amount: robot.price,
      amount_paid: null,
      paid_currency: null,
      payment_flags: [],
    });
  });

  it('puts a payment below the price minus the tolerance under review, with both amounts for the owner', async () => {
    const order = await newOrder();
    const short = robot.price - 1.01;
    const response = await report(order.id, { status: 'paid', amount_paid: short, currency: 'usd' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ order_id: order.id, status: 'needs_review', outcome: 'applied' });
    const detail = await adminOrder(order.id);
    expect(detail).toMatchObject({
      status: 'needs_review',
      expected_amount: robot.price,
      amount_paid: short,
      paid_currency: 'USD',
      payment_flags: ['underpaid'],
    });
    expect(detail.events[0]).toMatchObject({
      actor: 'workflow',
      kind: 'payment_needs_review',
      from_status: 'pending_payment',
      to_status: 'needs_review',
      // What the report said stays on its line, whatever later reports say.
      amount_paid: short,
      paid_currency: 'USD',
      payment_flags: ['underpaid'],
      note: null,
    });
    // The client sees the status, never the owner's amounts or flags.
    const own = (await shop.app.inject({ url: `/api/orders/${order.id}`, headers: { cookie: client.cookie } })).json();
    expect(own.status).toBe('needs_review');
    expect(own).not.toHaveProperty('payment_flags');
    // Listed for the dashboard's review panel.
    const queue = (await admin('GET', '/api/admin/orders?status=needs_review')).json();
    expect(queue.items.map((item: { id: string }) => item.id)).toContain(order.id);
  });

  it('pays a payment within the tolerance, as a number or a numeric string', async () => {
    const atTolerance = await newOrder();
    expect((await report(atTolerance.id, { status: 'confirmed', amount_paid: robot.price - 1 })).json().status).toBe(
      'paid',
    );
    const asText = await newOrder();
    expect(
      (await report(asText.id, { status: 'paid', amount_paid: `${robot.price.toFixed(2)}`, currency: 'USD' })).json()
        .status,
    ).toBe('paid');
    expect((await adminOrder(asText.id)).payment_flags).toEqual([]);
  });

  it('reads the tolerance from the settings at each report', async () => {
    expect(
      (await admin('PATCH', '/api/admin/settings', { values: { payment_tolerance_usd: '5.00' } })).statusCode,
    ).toBe(200);
    try {
      const order = await newOrder();
      expect((await report(order.id, { status: 'paid', amount_paid: robot.price - 4.5 })).json().status).toBe('paid');
    } finally {
      await admin('PATCH', '/api/admin/settings', { values: { payment_tolerance_usd: '1.00' } });
    }
    const order = await newOrder();
    expect((await report(order.id, { status: 'paid', amount_paid: robot.price - 4.5 })).json().status).toBe(
      'needs_review',
    );
  });

  it('pays and flags an overpayment, by amount or by word', async () => {
    const byAmount = await newOrder();
    expect((await report(byAmount.id, { status: 'settled', amount_paid: robot.price + 25 })).json().status).toBe(
      'paid',
    );
    expect(await adminOrder(byAmount.id)).toMatchObject({ amount_paid: robot.price + 25, payment_flags: ['overpaid'] });
    const byWord = await newOrder();
    expect((await report(byWord.id, { status: 'OVERPAID' })).json().status).toBe('paid');
    expect((await adminOrder(byWord.id)).payment_flags).toEqual(['overpaid']);
  });

  it('pays and flags a late payment: a paid report for a failed order', async () => {
    const order = await newOrder();
    expect((await report(order.id, { status: 'expired' })).json().status).toBe('failed');
    expect((await report(order.id, { status: 'paid', amount_paid: robot.price })).json()).toMatchObject({
      status: 'paid',
      outcome: 'applied',
    });
    const detail = await adminOrder(order.id);
    expect(detail.payment_flags).toEqual(['late']);
    expect(detail.events[0]).toMatchObject({ from_status: 'failed', to_status: 'paid' });
    // Short and late: under review, with both flags.
    const shortAndLate = await newOrder();
    await report(shortAndLate.id, { status: 'failed' });
    expect((await report(shortAndLate.id, { status: 'paid', amount_paid: 1 })).json().status).toBe('needs_review');
    expect((await adminOrder(shortAndLate.id)).payment_flags).toEqual(['underpaid', 'late']);
  });

  it('sends a payment in another currency, or worded short, to review', async () => {
    const inBitcoin = await newOrder();
    expect((await report(inBitcoin.id, { status: 'paid', amount_paid: '0.0009', currency: 'btc' })).json().status).toBe(
      'needs_review',
    );
    const detail = await adminOrder(inBitcoin.id);
    expect(detail).toMatchObject({ amount_paid: 0.0009, paid_currency: 'BTC', payment_flags: ['other_currency'] });
    expect(detail.events[0]).toMatchObject({ amount_paid: 0.0009, paid_currency: 'BTC' });
    for (const word of ['underpaid', 'partially_paid', 'needs_review']) {
      const order = await newOrder();
      expect((await report(order.id, { status: word })).json().status, word).toBe('needs_review');
    }
  });

  it('lets money completing a reviewed payment pay it, and never fails an order whose money arrived', async () => {
    const order = await newOrder();
    await report(order.id, { status: 'paid', amount_paid: 5 });
    expect((await report(order.id, { status: 'failed' })).json()).toMatchObject({
      status: 'needs_review',
      outcome: 'unchanged',
    });
    expect((await report(order.id, { status: 'underpaid', amount_paid: 6 })).json().outcome).toBe('unchanged');
    expect((await report(order.id, { status: 'paid', amount_paid: robot.price })).json()).toMatchObject({
      status: 'paid',
      outcome: 'applied',
    });
    const detail = await adminOrder(order.id);
    expect(detail).toMatchObject({ amount_paid: robot.price, payment_flags: [] });
    expect(detail.events.map((entry: { amount_paid: number | null }) => entry.amount_paid)).toEqual([robot.price, 5]);
  });

  it('refuses an amount or a currency that is not one with 400, before anything is recorded', async () => {
    const order = await newOrder();
    for (const body of [
      { status: 'paid', amount_paid: -1 },
      { status: 'paid', amount_paid: 'forty' },
      { status: 'paid', amount_paid: '1e3' },
      { status: 'paid', amount_paid: true },
      { status: 'paid', amount_paid: 10, currency: 'US DOLLAR' },
      { status: 'paid', amount_paid: 10, currency: '$' },
    ]) {
      const response = await report(order.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.fields).toBeDefined();
    }
    const detail = await adminOrder(order.id);
    expect(detail).toMatchObject({ status: 'pending_payment', amount_paid: null });
    expect(detail.callbacks).toEqual([]);
  });

  it('still refuses the statuses a workflow does not report, naming the accepted words', async () => {
    const order = await newOrder();
    for (const word of ['refunded', 'cancelled']) {
      const response = await report(order.id, { status: word });
      expect(response.statusCode).toBe(422);
      expect(response.json().error.message).toContain('underpaid, partially_paid, needs_review, overpaid');
    }
  });

  it('does not count reviewed or refunded orders as revenue', async () => {
    const before = (await admin('GET', '/api/admin/dashboard')).json().total_revenue;
    const reviewed = await newOrder();
    await report(reviewed.id, { status: 'paid', amount_paid: 1 });
    expect((await admin('GET', '/api/admin/dashboard')).json().total_revenue).toBe(before);
    const refunded = await newOrder();
    await report(refunded.id, { status: 'paid' });
    const paidRevenue = (await admin('GET', '/api/admin/dashboard')).json();
    expect(paidRevenue.total_revenue).toBeCloseTo(before + robot.price, 2);
    expect((await admin('POST', `/api/admin/orders/${refunded.id}/refund`, { note: 'Client asked' })).statusCode).toBe(
      200,
    );
    const after = (await admin('GET', '/api/admin/dashboard')).json();
    expect(after.total_revenue).toBe(before);
    expect(after.revenue_by_day.reduce((sum: number, day: { revenue: number }) => sum + day.revenue, 0)).toBeCloseTo(
      paidRevenue.revenue_by_day.reduce((sum: number, day: { revenue: number }) => sum + day.revenue, 0) - robot.price,
      2,
    );
  });
});
