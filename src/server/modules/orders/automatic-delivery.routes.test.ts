import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderBody, paymentCallback, uploadRobotFile, WORKFLOW_SECRET } from '../../../../tests/support/orders.js';
import { ex5File } from '../../../../tests/support/robot-files.js';
import { withShop, type Shop } from '../../../../tests/support/shop.js';
import { testDialects } from '../../../../tests/support/test-app.js';
import type { Robot } from '../../../shared/schemas/catalogue.js';
import type { AdminOrderDetail, Order } from '../../../shared/schemas/orders.js';

/**
 * Automatic delivery (issue 18 §1, decision 0018): an order of a robot delivered automatically is
 * completed with the robot's current release in the transaction that makes it paid, whoever makes
 * it paid, and its client is told the robot is ready; without a release it waits for the owner,
 * who is told.
 */
describe.each(testDialects)('automatic delivery on %s', (dialect) => {
  let shop: Shop;

  beforeAll(async () => {
    shop = await withShop(dialect, { env: { STATS_REFRESH_SECONDS: '0' }, client: { name: 'Claire Dupont' } });
    await shop.setSetting('n8n_secret_token', WORKFLOW_SECRET);
  });
  afterAll(() => shop?.close());

  /** A robot for sale with automatic delivery and its release 2.1.0. */
  const automaticRobot = async (fields: Parameters<Shop['newRobot']>[0] = {}): Promise<Robot> => {
    const robot = await shop.newRobot({ ...fields, delivery: 'automatic', status: 'inactive' });
    await shop.newRelease(robot, {
      version: '2.1.0',
      notes: '<p>Faster entries</p>',
      file: { name: 'Golden Robot.ex5', content: ex5File() },
    });
    const activated = await shop.admin.patch(`/api/admin/robots/${robot.id}`, { status: 'active' });
    if (activated.statusCode !== 200) throw new Error(activated.body);
    return robot;
  };
  const placeOrder = async (robot: Robot, language = 'fr-FR,fr;q=0.9') => {
    const created = await shop.client.post('/api/orders', orderBody(robot.id), { 'accept-language': language });
    expect(created.statusCode).toBe(201);
    return created.json<Order>();
  };
  const order = async (id: string) => (await shop.client.get(`/api/orders/${id}`)).json<Order>();
  const detail = async (id: string) => (await shop.admin.get(`/api/admin/orders/${id}`)).json<AdminOrderDetail>();
  const emails = async (orderId: string) => {
    await shop.app.emailOutbox.drain();
    return shop.app.database.db
      .selectFrom('email_outbox')
      .select(['kind', 'recipient', 'language', 'subject', 'body'])
      .where('order_id', '=', orderId)
      .orderBy('created_at')
      .orderBy('kind')
      .execute();
  };

  it('completes the order when the payment workflow reports it paid: the current release is its first version, the client is told it is ready', async () => {
    const robot = await automaticRobot({ licence_required: true });
    const placed = await placeOrder(robot);

    const paid = await paymentCallback(shop.app, { order_id: placed.id, status: 'paid', payment_id: 'pay-auto-1' });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual({ order_id: placed.id, status: 'completed', outcome: 'applied' });

    const delivered = await order(placed.id);
    expect(delivered).toMatchObject({ status: 'completed', has_file: true, file_name: 'Golden Robot.ex5' });
    expect(delivered.versions).toEqual([
      {
        id: expect.any(String),
        label: '2.1.0',
        from_release: true,
        notes: '<p>Faster entries</p>',
        file_name: 'Golden Robot.ex5',
        created_at: expect.any(String),
        download_count: 0,
        downloads_remaining: 2,
      },
    ]);

    // The client hears once, that the robot is ready, in French; the owner, that it went out.
    const sent = await emails(placed.id);
    expect(sent.map((email) => [email.kind, email.language])).toEqual([
      ['order-received', 'fr'],
      ['order-delivered', 'fr'],
      ['order-delivered-administrator', 'en'],
    ]);
    expect(sent[1]!.subject).toBe(`Votre robot ${robot.name} est prêt à être téléchargé`);
    expect(sent[2]!.body).toContain('delivered automatically with version 2.1.0');

    // The timeline says who did what; the licence follows the completed order.
    const { events } = await detail(placed.id);
    const lines = events.map((event) => [event.kind, event.actor, event.from_status, event.to_status, event.note]);
    // Written in one transaction, possibly in the same millisecond: compared in any order.
    expect(lines).toHaveLength(2);
    expect(lines).toEqual(
      expect.arrayContaining([
        ['payment_reported', 'workflow', 'pending_payment', 'paid', null],
        ['release_delivered', 'shop', 'paid', 'completed', '2.1.0'],
      ]),
    );
    const licence = await shop.app.database.db
      .selectFrom('licences')
      .select('status')
      .where('order_id', '=', placed.id)
      .executeTakeFirst();
    expect(licence).toEqual({ status: 'active' });

    // The release's file downloads like any delivered file.
    const link = await shop.client.post(`/api/orders/${placed.id}/download`);
    expect(link.json()).toMatchObject({ remaining: 1 });
    const file = await shop.app.inject({ method: 'GET', url: new URL(link.json<{ url: string }>().url).pathname });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(ex5File())).toBe(true);

    // A repeated report changes nothing and adds no version.
    const again = await paymentCallback(shop.app, { order_id: placed.id, status: 'paid', payment_id: 'pay-auto-1' });
    expect(again.json()).toMatchObject({ status: 'completed', outcome: 'unchanged' });
    expect((await order(placed.id)).versions).toHaveLength(1);
  });

  it('completes an order the owner marks paid after review, or sets paid by hand; one delivered already stays as set', async () => {
    const robot = await automaticRobot();
    const reviewed = await placeOrder(robot, 'en');
    const short = await paymentCallback(shop.app, { order_id: reviewed.id, status: 'paid', amount_paid: 1 });
    expect(short.json()).toMatchObject({ status: 'needs_review' });
    const marked = await shop.admin.post(`/api/admin/orders/${reviewed.id}/mark-paid`, { note: 'Rest paid by card.' });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({ status: 'completed', versions: [{ label: '2.1.0' }] });

    const byHand = await placeOrder(robot, 'en');
    const set = await shop.admin.patch(`/api/admin/orders/${byHand.id}`, { status: 'paid' });
    expect(set.json()).toMatchObject({ status: 'completed', versions: [{ label: '2.1.0' }] });

    // Moved back to paid by hand, a delivered order stays paid: it already holds its robot.
    const back = await shop.admin.patch(`/api/admin/orders/${byHand.id}`, { status: 'paid' });
    expect(back.json()).toMatchObject({ status: 'paid', versions: [{ label: '2.1.0' }] });
    expect((await emails(byHand.id)).map((email) => email.kind)).toEqual([
      'order-received',
      'order-delivered',
      'order-delivered-administrator',
      'order-paid',
      'order-paid-administrator',
    ]);
  });

  it('leaves a paid order whose robot lost its release for the owner, tells the owner, and delivers by hand as before', async () => {
    const robot = await shop.newRobot();
    const placed = await placeOrder(robot, 'en');
    // The owner took the robot off sale and switched it to automatic delivery before uploading a release.
    const switched = await shop.admin.patch(`/api/admin/robots/${robot.id}`, {
      status: 'inactive',
      delivery: 'automatic',
    });
    expect(switched.statusCode).toBe(200);

    const paid = await paymentCallback(shop.app, { order_id: placed.id, status: 'paid' });
    expect(paid.json()).toMatchObject({ status: 'paid', outcome: 'applied' });
    expect((await order(placed.id)).versions).toEqual([]);
    const sent = await emails(placed.id);
    expect(sent.map((email) => email.kind)).toEqual([
      'order-received',
      'order-paid',
      'order-release-missing-administrator',
    ]);
    expect(sent[2]!.subject).toBe(`Paid order #${placed.id.slice(0, 8)} waits for you: ${robot.name} has no release`);
    const missed = (await detail(placed.id)).events.find((event) => event.kind === 'automatic_delivery_missed');
    expect(missed).toMatchObject({
      to_status: null,
      detail: `${robot.name} is delivered automatically but has no release: deliver this order by hand.`,
    });

    const delivered = await uploadRobotFile(
      shop.app,
      shop.admin.cookie,
      placed.id,
      'Built for you.mq5',
      Buffer.from('ea'),
    );
    expect(delivered.json()).toMatchObject({ status: 'completed', versions: [{ label: '1', from_release: false }] });
    expect((await emails(placed.id)).map((email) => email.kind)).toContain('order-delivered');
  });

  it('keeps the per-order flow for a robot delivered per order, releases or not', async () => {
    const robot = await shop.newRobot();
    await shop.newRelease(robot, { version: '1.0.0' });
    const placed = await placeOrder(robot, 'en');
    const paid = await paymentCallback(shop.app, { order_id: placed.id, status: 'paid' });
    expect(paid.json()).toMatchObject({ status: 'paid' });
    expect((await order(placed.id)).versions).toEqual([]);
    expect((await emails(placed.id)).map((email) => email.kind)).toEqual([
      'order-received',
      'order-paid',
      'order-paid-administrator',
    ]);
  });
});
