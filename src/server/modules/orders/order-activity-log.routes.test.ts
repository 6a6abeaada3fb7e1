import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderBody, paymentCallback, uploadRobotFile, WORKFLOW_SECRET } from '../../../../tests/support/orders.js';
import { ex5File } from '../../../../tests/support/robot-files.js';
import { withShop, type Shop } from '../../../../tests/support/shop.js';
import { testDialects } from '../../../../tests/support/test-app.js';
import { shortOrderNumber } from '../../../shared/order-number.js';
import type { AuditEntry } from '../../../shared/schemas/audit.js';
import type { Order } from '../../../shared/schemas/orders.js';

/**
 * Issue 19 §5: the activity log has the orders' side of the story. Each status change made by an
 * administrator, the payment workflow or the shop's own jobs, each delivery (by hand, a new
 * version, automatic), each deletion and each resolution is one entry: who, the order's number,
 * what changed. The client's own steps stay on the order's timeline only.
 */
describe.each(testDialects)('orders in the activity log on %s', (dialect) => {
  let shop: Shop;

  beforeAll(async () => {
    shop = await withShop(dialect, { env: { STATS_REFRESH_SECONDS: '0' } });
    await shop.setSetting('n8n_secret_token', WORKFLOW_SECRET);
  });
  afterAll(() => shop?.close());

  const placeOrder = async (robotId: string) => {
    const created = await shop.client.post('/api/orders', orderBody(robotId));
    expect(created.statusCode).toBe(201);
    return created.json<Order>();
  };
  /** The order's entries in the activity log, oldest first. */
  const entriesOf = async (orderId: string) => {
    const page = await shop.admin.get('/api/admin/audit?resource=order&pageSize=100');
    expect(page.statusCode).toBe(200);
    return (page.json().rows as AuditEntry[]).filter((row) => row.record_id === orderId).reverse();
  };

  it('logs the workflow’s payment, the owner’s delivery, a new version, a status change and the deletion, with who and the number', async () => {
    const robot = await shop.newRobot();
    const order = await placeOrder(robot.id);
    const number = shortOrderNumber(order.id);
    expect(await entriesOf(order.id)).toEqual([]);

    expect((await paymentCallback(shop.app, { order_id: order.id, status: 'paid' })).statusCode).toBe(200);
    const upload = (name: string) => uploadRobotFile(shop.app, shop.admin.cookie, order.id, name, ex5File());
    expect((await upload('Robot.ex5')).statusCode).toBe(200);
    expect((await upload('Robot v2.ex5')).statusCode).toBe(200);
    const set = await shop.admin.patch(`/api/admin/orders/${order.id}`, { status: 'in_progress' });
    expect(set.statusCode, set.body).toBe(200);

    const entries = await entriesOf(order.id);
    expect(entries.map((entry) => [entry.actor_email, entry.action, entry.changes])).toEqual([
      ['payment workflow', 'payment_reported', { status: { from: 'pending_payment', to: 'paid' } }],
      [
        shop.admin.email,
        'file_delivered',
        {
          status: { from: 'paid', to: 'completed' },
          file: { from: null, to: 'Robot.ex5' },
          note: { from: null, to: '1' },
        },
      ],
      [
        shop.admin.email,
        'file_delivered',
        { file: { from: 'Robot.ex5', to: 'Robot v2.ex5' }, note: { from: null, to: '2' } },
      ],
      [shop.admin.email, 'status_set', { status: { from: 'completed', to: 'in_progress' } }],
    ]);
    expect(entries.every((entry) => entry.resource === 'order' && entry.summary === `#${number} ${robot.name}`)).toBe(
      true,
    );

    expect((await shop.admin.request('DELETE', `/api/admin/orders/${order.id}`)).statusCode).toBe(204);
    expect((await entriesOf(order.id)).at(-1)).toMatchObject({
      actor_email: shop.admin.email,
      action: 'delete',
      summary: `#${number} ${robot.name}`,
      changes: { status: { from: 'in_progress', to: null } },
    });
    // Deleting it again finds nothing and logs nothing.
    expect((await shop.admin.request('DELETE', `/api/admin/orders/${order.id}`)).statusCode).toBe(404);
    expect((await entriesOf(order.id)).filter((entry) => entry.action === 'delete')).toHaveLength(1);
  });

  it('logs an automatic delivery and the expiry of an unpaid order under the shop, and not the client’s own steps', async () => {
    const robot = await shop.newRobot({ delivery: 'automatic', status: 'inactive' });
    await shop.newRelease(robot, { version: '3.0.0', file: { name: 'Auto.ex5', content: ex5File() } });
    expect((await shop.admin.patch(`/api/admin/robots/${robot.id}`, { status: 'active' })).statusCode).toBe(200);
    const automatic = await placeOrder(robot.id);
    expect((await paymentCallback(shop.app, { order_id: automatic.id, status: 'paid' })).json().status).toBe(
      'completed',
    );
    expect((await entriesOf(automatic.id)).map((entry) => [entry.actor_email, entry.action, entry.changes])).toEqual([
      ['payment workflow', 'payment_reported', { status: { from: 'pending_payment', to: 'paid' } }],
      [
        'system',
        'release_delivered',
        {
          status: { from: 'paid', to: 'completed' },
          file: { from: null, to: 'Auto.ex5' },
          note: { from: null, to: '3.0.0' },
        },
      ],
    ]);

    const plain = await shop.newRobot();
    const unpaid = await placeOrder(plain.id);
    const cancelledByClient = await placeOrder(plain.id);
    expect((await shop.client.post(`/api/orders/${cancelledByClient.id}/cancel`)).statusCode).toBe(200);
    const longAgo = new Date(Date.now() - 30 * 86_400_000).toISOString();
    // A creation date is never written by the shop; the test writes one in the past.
    await (shop.app.database.db as unknown as Kysely<any>)
      .updateTable('orders')
      .set({ created_date: longAgo, updated_at: longAgo })
      .where('id', '=', unpaid.id)
      .execute();
    expect(await shop.app.unpaidOrdersExpiry.run()).toMatchObject({ ran: true });
    expect((await entriesOf(unpaid.id)).map((entry) => [entry.actor_email, entry.action, entry.changes])).toEqual([
      ['system', 'unpaid_expired', { status: { from: 'pending_payment', to: 'cancelled' } }],
    ]);
    expect(await entriesOf(cancelledByClient.id)).toEqual([]);
  });

  it('filters by day range and refuses a range that ends before it starts', async () => {
    const backwards = await shop.admin.get('/api/admin/audit?from=2026-05-02&to=2026-05-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.body).toContain('The start date must be on or before the end date.');
    expect((await shop.admin.get('/api/admin/audit/export?from=2026-05-02&to=2026-05-01')).statusCode).toBe(400);
    const sameDay = await shop.admin.get('/api/admin/audit?from=2026-05-01&to=2026-05-01');
    expect(sameDay.statusCode).toBe(200);
  });
});
