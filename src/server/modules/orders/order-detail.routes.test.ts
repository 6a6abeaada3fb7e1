import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeWorkflow, type FakeWorkflow } from '../../../../tests/support/fake-workflow.js';
import { paymentCallback, WORKFLOW_SECRET } from '../../../../tests/support/orders.js';
import { withShop, type Shop } from '../../../../tests/support/shop.js';
import { testDialects } from '../../../../tests/support/test-app.js';
import type { OrderDetail } from '../../../shared/schemas/orders.js';
import { OrdersRepository } from './orders.repository.js';

const ADMIN_NOTE = 'Checked the wallet by hand: the missing 5 dollars came by Wise (owner only).';
const TECHNICAL_DETAIL = 'connect ECONNREFUSED 10.1.2.3:5678';

/**
 * Issue 19 §5: the client's order detail page reads `GET /api/orders/:id/detail`: the order, what
 * its payment came to, its payment id, the timeline lines a client may read (never the owner's
 * notes, the administrator, the technical detail or the payment flags), and its robot's address
 * while the robot is in the catalogue. Only the order's client reads it.
 */
describe.each(testDialects)('the client reads their order detail on %s', (dialect) => {
  let shop: Shop;
  let workflow: FakeWorkflow;

  beforeAll(async () => {
    shop = await withShop(dialect);
    workflow = await startFakeWorkflow();
    workflow.answer = (request) => {
      const { order_id: orderId } = request.body as { order_id: string };
      return { status: 200, body: { PayUrl: `https://pay.example.com/${orderId}`, payment_id: `pay-${orderId}` } };
    };
    await shop.setSetting('n8n_secret_token', WORKFLOW_SECRET);
    await shop.setSetting('n8n_webhook_url', workflow.url);
  });
  afterAll(async () => {
    await shop.close();
    await workflow.close();
  });

  /**
   * An order of `shop.client` paid short, resolved by the owner with a note, and a payment page
   * that could not be had before: every kind of line the client must or must not read.
   */
  async function reviewedOrder() {
    const robot = await shop.newRobot({ price: 199 });
    const order = await shop.newOrder({ client: shop.client, robot });
    await new OrdersRepository(shop.app.database.db, shop.app.database.dialect).addEvent(order.id, {
      kind: 'payment_request_failed',
      detail: TECHNICAL_DETAIL,
    });
    expect((await shop.client.post(`/api/orders/${order.id}/payment`)).statusCode).toBe(200);
    const report = await paymentCallback(
      shop.app,
      { order_id: order.id, status: 'paid', payment_id: `pay-${order.id}`, amount_paid: '194.00', currency: 'USD' },
      'timestamped',
    );
    expect(report.json()).toMatchObject({ status: 'needs_review', outcome: 'applied' });
    const markPaid = await shop.admin.post(`/api/admin/orders/${order.id}/mark-paid`, { note: ADMIN_NOTE });
    expect(markPaid.statusCode).toBe(200);
    return { order, robot };
  }

  it('gives the owner the amount, the payment id, the robot address and the timeline, newest first', async () => {
    const { order, robot } = await reviewedOrder();
    const response = await shop.client.get(`/api/orders/${order.id}/detail`);
    expect(response.statusCode).toBe(200);
    const detail = response.json<OrderDetail>();
    expect(detail).toMatchObject({
      id: order.id,
      robot_id: robot.id,
      robot_slug: robot.slug,
      price: 199,
      amount_paid: 194,
      paid_currency: 'USD',
      payment_id: `pay-${order.id}`,
      status: 'paid',
      trial: false,
      versions: [],
    });
    expect(detail.timeline.map((line) => line.kind)).toEqual(['marked_paid', 'payment_needs_review']);
    expect(detail.timeline[0]).toEqual({
      id: expect.any(String),
      occurred_at: expect.any(String),
      kind: 'marked_paid',
      from_status: 'needs_review',
      to_status: 'paid',
      amount_paid: null,
      paid_currency: null,
    });
    expect(detail.timeline[1]).toMatchObject({
      kind: 'payment_needs_review',
      from_status: 'pending_payment',
      to_status: 'needs_review',
      amount_paid: 194,
      paid_currency: 'USD',
    });
  });

  it("never tells the client the owner's note, the administrator, the technical detail or the flags", async () => {
    const { order } = await reviewedOrder();
    const body = (await shop.client.get(`/api/orders/${order.id}/detail`)).body;
    expect(body).not.toContain(ADMIN_NOTE);
    expect(body).not.toContain(shop.admin.email);
    expect(body).not.toContain(TECHNICAL_DETAIL);
    expect(body).not.toContain('payment_request_failed');
    expect(body).not.toContain('underpaid');
    expect(body).not.toContain('payment_flags');
    expect(body).not.toContain('"note"');
    expect(body).not.toContain('"actor');
    // The owner's own view of the same order has them all: the client's is a choice, not an accident.
    const adminBody = (await shop.admin.get(`/api/admin/orders/${order.id}`)).body;
    expect(adminBody).toContain(ADMIN_NOTE);
    expect(adminBody).toContain(TECHNICAL_DETAIL);
  });

  it('answers another client exactly as an unknown order, and a visitor 401', async () => {
    const order = await shop.newOrder({ client: shop.client });
    const stranger = await shop.newClient();
    const foreign = await stranger.get(`/api/orders/${order.id}/detail`);
    const unknown = await stranger.get(`/api/orders/${crypto.randomUUID()}/detail`);
    expect(foreign.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(foreign.json()).toEqual(unknown.json());
    expect(foreign.body).not.toContain(order.id);

    const anonymous = await shop.anonymous.get(`/api/orders/${order.id}/detail`);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain(order.robot.id);
  });

  it('has no robot address once the robot left the catalogue, and the delivered versions', async () => {
    const robot = await shop.newRobot();
    const order = await shop.newOrder({ client: shop.client, robot, file: { name: 'Robot.mq5', content: 'int x;' } });
    const inactive = await shop.admin.patch(`/api/admin/robots/${robot.id}`, { status: 'inactive' });
    expect(inactive.statusCode).toBe(200);
    const detail = (await shop.client.get(`/api/orders/${order.id}/detail`)).json<OrderDetail>();
    expect(detail.robot_slug).toBeNull();
    expect(detail.amount_paid).toBeNull();
    expect(detail.status).toBe('completed');
    expect(detail.versions).toMatchObject([{ label: '1', file_name: 'Robot.mq5', downloads_remaining: 2 }]);
    expect(detail.timeline.map((line) => line.kind)).toEqual(['file_delivered', 'admin_set']);
  });
});
