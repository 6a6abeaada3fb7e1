import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from '../../../../tests/support/admin-api.js';
import {
  activeRobot,
  createOrder,
  paymentCallback,
  setSetting,
  uploadRobotFile,
  WORKFLOW_SECRET,
} from '../../../../tests/support/orders.js';
import { readOutbox } from '../../../../tests/support/outbox.js';
import { robotZip } from '../../../../tests/support/robot-files.js';
import { waitFor } from '../../../../tests/support/processes.js';
import { createClient, SAME_ORIGIN, signIn } from '../../../../tests/support/sessions.js';
import { createTestApp, TEST_ADMIN, testDialects, type TestApp } from '../../../../tests/support/test-app.js';
import { shortOrderNumber } from '../../../shared/order-number.js';

/**
 * Issue 17 §1, decision 0014: the administrator resolves an order under review (mark paid with a
 * note, refund, cancel) and refunds paid or delivered orders; each resolution is on the order's
 * timeline and in the activity log, and a refund stops the downloads, links already given included.
 */
describe.each(testDialects)('resolving payments and refunds on %s', (dialect) => {
  let shop: TestApp;
  let client: Awaited<ReturnType<typeof createClient>>;
  let robotId: string;
  let adminCookie: string;
  let admin: ReturnType<typeof adminApi>;

  beforeAll(async () => {
    shop = await createTestApp(dialect, { STATS_REFRESH_SECONDS: '0' });
    client = await createClient(shop.app, 'resolved@example.com', 'Rita Resolved');
    robotId = (await activeRobot(shop.app)).id;
    adminCookie = await signIn(shop.app, TEST_ADMIN.email, TEST_ADMIN.password);
    admin = adminApi(shop.app, adminCookie);
    await setSetting(shop.app, 'n8n_secret_token', WORKFLOW_SECRET);
  });
  afterAll(() => shop.close());

  const asClient = (method: 'GET' | 'POST', url: string) =>
    shop.app.inject({ method, url, headers: { ...SAME_ORIGIN, cookie: client.cookie } });

  /** An order whose payment came in short: it waits for review. */
  async function reviewedOrder(headers: Record<string, string> = {}) {
    const order = await createOrder(shop.app, client.cookie, robotId, headers);
    const short = await paymentCallback(shop.app, { order_id: order.id, status: 'paid', amount_paid: 3 });
    expect(short.json().status).toBe('needs_review');
    return order;
  }

  async function deliveredOrder() {
    const order = await createOrder(shop.app, client.cookie, robotId);
    await paymentCallback(shop.app, { order_id: order.id, status: 'paid' });
    expect((await uploadRobotFile(shop.app, adminCookie, order.id, 'Robot.mq5', Buffer.from('robot'))).statusCode).toBe(
      200,
    );
    return order;
  }

  const activity = async (action: string) =>
    (await admin('GET', `/api/admin/audit?resource=order&action=${action}`)).json().rows as {
      actor_email: string;
      record_id: string;
      summary: string;
      changes: Record<string, { from: unknown; to: unknown }>;
    }[];

  it('marks a reviewed payment paid with a required note, on the timeline and in the activity log', async () => {
    const order = await reviewedOrder();
    const noNote = await admin('POST', `/api/admin/orders/${order.id}/mark-paid`, { note: '  ' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().error.fields).toHaveProperty('body.note');
    expect((await admin('POST', `/api/admin/orders/${order.id}/mark-paid`, {})).statusCode).toBe(400);

    const note = 'The client sent the missing 2 USDT by hand; checked on the chain.';
    const marked = await admin('POST', `/api/admin/orders/${order.id}/mark-paid`, { note });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({ id: order.id, status: 'paid', payment_flags: ['underpaid'] });

    const detail = (await admin('GET', `/api/admin/orders/${order.id}`)).json();
    expect(detail.events[0]).toMatchObject({
      actor: 'administrator',
      actor_email: TEST_ADMIN.email,
      kind: 'marked_paid',
      from_status: 'needs_review',
      to_status: 'paid',
      note,
    });
    const [entry] = (await activity('mark_paid')).filter((row) => row.record_id === order.id);
    expect(entry).toMatchObject({
      actor_email: TEST_ADMIN.email,
      summary: expect.stringContaining(shortOrderNumber(order.id)),
    });
    expect(entry!.changes).toEqual({ status: { from: 'needs_review', to: 'paid' }, note: { from: null, to: note } });
    // Marking it paid again is a repeat: nothing changes, nothing more is logged.
    expect((await admin('POST', `/api/admin/orders/${order.id}/mark-paid`, { note })).statusCode).toBe(200);
    expect((await activity('mark_paid')).filter((row) => row.record_id === order.id)).toHaveLength(1);
    // The client's order is paid now: the wizard confirms it, the robot can be delivered.
    expect((await asClient('GET', `/api/orders/${order.id}`)).json().status).toBe('paid');
    expect((await uploadRobotFile(shop.app, adminCookie, order.id, 'Robot.mq4', Buffer.from('ea'))).statusCode).toBe(
      200,
    );
    // Delivered, it is no longer a payment to mark paid.
    expect((await admin('POST', `/api/admin/orders/${order.id}/mark-paid`, { note })).statusCode).toBe(409);
  });

  it('refunds a delivered order: downloads stop, the link already given dies, and the client is emailed', async () => {
    const order = await deliveredOrder();
    const link = await asClient('POST', `/api/orders/${order.id}/download`);
    expect(link.statusCode).toBe(200);
    const url = new URL(link.json().url);
    expect((await shop.app.inject({ url: url.pathname })).statusCode).toBe(200);

    const refunded = await admin('POST', `/api/admin/orders/${order.id}/refund`, { note: 'Refund policy, day 3.' });
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json().status).toBe('refunded');

    // The link issued before the refund, fetched without a session as a download manager does.
    const dead = await shop.app.inject({ url: url.pathname });
    expect(dead.statusCode).toBe(403);
    expect(dead.json().error.message).toBe('This order can no longer be downloaded.');
    expect((await asClient('POST', `/api/orders/${order.id}/download`)).json().error.code).toBe('file_unavailable');
    expect((await asClient('GET', `/api/orders/${order.id}`)).json().status).toBe('refunded');
    // No payment can start on it again.
    expect((await asClient('POST', `/api/orders/${order.id}/payment`)).json().error.message).toBe(
      'This order was refunded.',
    );

    const mail = await waitFor(() =>
      readOutbox(shop.dataDir).find(
        (message) =>
          message.to.includes(client.email) &&
          message.subject.includes(shortOrderNumber(order.id)) &&
          /refunded/.test(message.subject),
      ),
    );
    expect(mail.text).toContain('has been refunded');
    const [entry] = (await activity('refund')).filter((row) => row.record_id === order.id);
    expect(entry!.changes).toEqual({
      status: { from: 'completed', to: 'refunded' },
      note: { from: null, to: 'Refund policy, day 3.' },
    });
    // A second refund is a repeat: no second email, no second log line.
    expect((await admin('POST', `/api/admin/orders/${order.id}/refund`, {})).statusCode).toBe(200);
    expect((await activity('refund')).filter((row) => row.record_id === order.id)).toHaveLength(1);
  });

  it('emails the refund in the language the client ordered in', async () => {
    const order = await createOrder(shop.app, client.cookie, robotId, { 'accept-language': 'fr-FR,fr;q=0.9' });
    await paymentCallback(shop.app, { order_id: order.id, status: 'paid' });
    expect((await admin('POST', `/api/admin/orders/${order.id}/refund`, {})).statusCode).toBe(200);
    const mail = await waitFor(() =>
      readOutbox(shop.dataDir).find(
        (message) =>
          message.subject === `Commande #${shortOrderNumber(order.id)} remboursée : ${message.subject.split(' : ')[1]}`,
      ),
    );
    expect(mail.text).toContain('a été remboursée');
  });

  it('refunds or cancels a reviewed order, and refuses what the state machine refuses with 409', async () => {
    const toRefund = await reviewedOrder();
    expect((await admin('POST', `/api/admin/orders/${toRefund.id}/refund`, {})).json().status).toBe('refunded');
    const toCancel = await reviewedOrder();
    const cancelled = await admin('POST', `/api/admin/orders/${toCancel.id}/cancel`, { note: 'Client gave up.' });
    expect(cancelled.json().status).toBe('cancelled');
    expect((await admin('GET', `/api/admin/orders/${toCancel.id}`)).json().events[0]).toMatchObject({
      kind: 'cancelled',
      note: 'Client gave up.',
    });
    expect((await activity('cancel')).some((row) => row.record_id === toCancel.id)).toBe(true);

    const pending = await createOrder(shop.app, client.cookie, robotId);
    for (const action of ['refund', 'cancel', 'mark-paid']) {
      const refused = await admin('POST', `/api/admin/orders/${pending.id}/${action}`, { note: 'no' });
      expect(refused.statusCode, action).toBe(409);
      expect(refused.json().error.message).toMatch(/^Only /);
    }
    // Closed orders stay closed; a reviewed order is resolved, not set by hand.
    expect((await admin('PATCH', `/api/admin/orders/${toCancel.id}`, { status: 'paid' })).statusCode).toBe(409);
    const reviewed = await reviewedOrder();
    const byHand = await admin('PATCH', `/api/admin/orders/${reviewed.id}`, { status: 'completed' });
    expect(byHand.statusCode).toBe(409);
    expect(byHand.json().error.message).toBe(
      'The payment of this order is under review: mark it paid, refund it or cancel it.',
    );
    const toRefunded = await admin('PATCH', `/api/admin/orders/${pending.id}`, { status: 'refunded' });
    expect(toRefunded.statusCode).toBe(409);
    expect((await admin('GET', `/api/admin/orders/${pending.id}`)).json().status).toBe('pending_payment');
    expect((await admin('POST', '/api/admin/orders/no-such-order/refund', {})).statusCode).toBe(404);
  });

  it('lets only administrators resolve, and says so to clients', async () => {
    const order = await reviewedOrder();
    for (const action of ['mark-paid', 'refund', 'cancel']) {
      const byClient = await shop.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${order.id}/${action}`,
        headers: { ...SAME_ORIGIN, cookie: client.cookie },
        payload: { note: 'mine' },
      });
      expect(byClient.statusCode, action).toBe(403);
      const anonymous = await shop.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${order.id}/${action}`,
        headers: SAME_ORIGIN,
        payload: { note: 'mine' },
      });
      expect(anonymous.statusCode, action).toBe(401);
    }
    expect((await admin('GET', `/api/admin/orders/${order.id}`)).json().status).toBe('needs_review');
  });

  it('puts every status change on the timeline: payment, retry, delivery and the hand of the administrator', async () => {
    const order = await createOrder(shop.app, client.cookie, robotId);
    await paymentCallback(shop.app, { order_id: order.id, status: 'failed' });
    await paymentCallback(shop.app, { order_id: order.id, status: 'paid' });
    await admin('PATCH', `/api/admin/orders/${order.id}`, { status: 'in_progress' });
    await uploadRobotFile(shop.app, adminCookie, order.id, 'Robot.zip', robotZip());
    const timeline = (await admin('GET', `/api/admin/orders/${order.id}`)).json().events as {
      actor: string;
      kind: string;
      from_status: string;
      to_status: string;
    }[];
    expect(timeline.map(({ actor, kind, from_status, to_status }) => [actor, kind, from_status, to_status])).toEqual([
      ['administrator', 'file_delivered', 'in_progress', 'completed'],
      ['administrator', 'admin_set', 'paid', 'in_progress'],
      ['workflow', 'payment_reported', 'failed', 'paid'],
      ['workflow', 'payment_reported', 'pending_payment', 'failed'],
    ]);
  });
});
