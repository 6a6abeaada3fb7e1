import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentCallback, WORKFLOW_SECRET } from '../../../../tests/support/orders.js';
import { withShop, type Shop } from '../../../../tests/support/shop.js';
import { testDialects } from '../../../../tests/support/test-app.js';
import type { Robot } from '../../../shared/schemas/catalogue.js';

describe.each(testDialects)('payment callbacks on %s', (dialect) => {
  let shop: Shop;
  let robot: Robot;

  beforeAll(async () => {
    shop = await withShop(dialect, { env: { STATS_REFRESH_SECONDS: '0' } });
    robot = await shop.newRobot();
    await shop.setSetting('n8n_secret_token', WORKFLOW_SECRET);
  });
  afterAll(() => shop.close());

  const newOrder = () => shop.newOrder({ client: shop.client, robot });
  const statusOf = async (id: string) =>
    (await shop.app.database.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow())
      .status;
  const log = (id: string) =>
    shop.app.database.db
      .selectFrom('order_payment_callbacks')
      .selectAll()
      .where('order_id', '=', id)
      .orderBy('received_at')
      .execute();

  it('refuses unsigned and forged callbacks with 401, changes nothing, and keeps them on the order', async () => {
    const order = await newOrder();
    expect((await paymentCallback(shop.app, { order_id: order.id, status: 'paid' }, 'none')).statusCode).toBe(401);
    expect(
      (await paymentCallback(shop.app, { order_id: order.id, status: 'paid' }, 'secret', 'forged-secret')).statusCode,
    ).toBe(401);
    expect(
      (await paymentCallback(shop.app, { order_id: order.id, status: 'paid' }, 'signature', 'forged-secret'))
        .statusCode,
    ).toBe(401);
    expect(
      (await paymentCallback(shop.app, { order_id: order.id, status: 'paid' }, 'timestamped', 'forged-secret'))
        .statusCode,
    ).toBe(401);
    expect(await statusOf(order.id)).toBe('pending_payment');
    const kept = await log(order.id);
    expect(kept).toHaveLength(4);
    expect(kept.every((entry) => entry.signature === 'refused' && entry.outcome === 'refused')).toBe(true);
  });

  it('accepts the plain secret, the body HMAC and the timestamped HMAC, and records how', async () => {
    for (const signing of ['secret', 'signature', 'timestamped'] as const) {
      const order = await newOrder();
      const response = await paymentCallback(
        shop.app,
        { order_id: order.id, status: 'paid', payment_id: 'p' },
        signing,
      );
      expect(response.statusCode, signing).toBe(200);
      expect(response.json()).toEqual({ order_id: order.id, status: 'paid', outcome: 'applied' });
      const [entry] = await log(order.id);
      expect(entry).toMatchObject({
        signature: signing === 'timestamped' ? 'timestamped-signature' : signing,
        outcome: 'applied',
        status_word: 'paid',
      });
      expect(JSON.parse(entry!.payload)).toEqual({ order_id: order.id, status: 'paid', payment_id: 'p' });
    }
  });

  it('refuses a timestamped signature older than five minutes: a captured callback cannot be replayed later', async () => {
    const order = await newOrder();
    const old = Math.floor(Date.now() / 1000) - 301;
    expect(
      (await paymentCallback(shop.app, { order_id: order.id, status: 'paid' }, 'timestamped', WORKFLOW_SECRET, old))
        .statusCode,
    ).toBe(401);
    expect(await statusOf(order.id)).toBe('pending_payment');
  });

  it('only moves forward: a repeated or stale callback answers 200 and changes nothing', async () => {
    const order = await newOrder();
    expect((await paymentCallback(shop.app, { order_id: order.id, status: 'failed' })).json().outcome).toBe('applied');
    expect(await statusOf(order.id)).toBe('failed');
    expect((await paymentCallback(shop.app, { order_id: order.id, status: 'settled' })).json()).toMatchObject({
      status: 'paid',
      outcome: 'applied',
    });
    const replay = await paymentCallback(shop.app, { order_id: order.id, status: 'paid' });
    expect(replay.statusCode).toBe(200);
    expect(replay.json().outcome).toBe('unchanged');
    const stale = await paymentCallback(shop.app, { order_id: order.id, status: 'expired' });
    expect(stale.statusCode).toBe(200);
    expect(stale.json()).toMatchObject({ status: 'paid', outcome: 'unchanged' });
    // A workflow does not deliver: only paid and failed move an order.
    expect((await paymentCallback(shop.app, { order_id: order.id, status: 'completed' })).json().outcome).toBe(
      'ignored',
    );
    expect(await statusOf(order.id)).toBe('paid');
    expect((await log(order.id)).map((entry) => entry.outcome).sort()).toEqual([
      'applied',
      'applied',
      'ignored',
      'unchanged',
      'unchanged',
    ]);
  });

  it('maps the workflow words confirmed and invalid', async () => {
    const confirmed = await newOrder();
    await paymentCallback(shop.app, { order_id: confirmed.id, status: 'CONFIRMED' });
    expect(await statusOf(confirmed.id)).toBe('paid');
    const invalid = await newOrder();
    await paymentCallback(shop.app, { order_id: invalid.id, status: 'invalid' });
    expect(await statusOf(invalid.id)).toBe('failed');
  });

  it('ignores a failure reported for an earlier payment attempt', async () => {
    const order = await newOrder();
    await shop.app.database.db
      .updateTable('orders')
      .set({ payment_id: 'current' })
      .where('id', '=', order.id)
      .execute();
    expect(
      (await paymentCallback(shop.app, { order_id: order.id, status: 'failed', payment_id: 'earlier' })).json().outcome,
    ).toBe('ignored');
    expect(await statusOf(order.id)).toBe('pending_payment');
  });

  it('answers 404 for an unknown order and 422 naming the accepted words for an unknown status', async () => {
    expect((await paymentCallback(shop.app, { order_id: 'no-such-order', status: 'paid' })).statusCode).toBe(404);
    const order = await newOrder();
    const response = await paymentCallback(shop.app, { order_id: order.id, status: 'refunded' });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toContain(
      'pending_payment, paid, in_progress, completed, failed, confirmed, settled, expired, invalid',
    );
    expect((await paymentCallback(shop.app, { status: 'paid' })).statusCode).toBe(400);
  });

  it('pays each order of a burst once, with its record and emails, and answers the unknown order of the burst 404 alone', async () => {
    // On SQLite the changes of one turn share a transaction (GroupedOrderWrites): the unknown
    // order fails that one, and each change is then made again alone, without doubles.
    const orders = [];
    for (let i = 0; i < 8; i++) orders.push(await newOrder());
    const answers = await Promise.all([
      ...orders.map((order) => paymentCallback(shop.app, { order_id: order.id, status: 'paid' })),
      paymentCallback(shop.app, { order_id: 'no-such-order', status: 'paid' }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([...orders.map(() => 200), 404]);
    const { db } = shop.app.database;
    for (const order of orders) {
      expect(await statusOf(order.id)).toBe('paid');
      expect((await log(order.id)).map((entry) => entry.outcome)).toEqual(['applied']);
      const emails = await db.selectFrom('email_outbox').select('kind').where('order_id', '=', order.id).execute();
      expect(emails.filter((email) => email.kind === 'order-paid')).toHaveLength(1);
      const events = await db.selectFrom('order_events').select('kind').where('order_id', '=', order.id).execute();
      expect(events.filter((event) => event.kind === 'payment_reported')).toHaveLength(1);
    }
  });

  it('applies two reports of one order in one burst one after the other: the first pays it, the second changes nothing', async () => {
    const order = await newOrder();
    const answers = await Promise.all(
      ['paid', 'paid'].map((status) => paymentCallback(shop.app, { order_id: order.id, status })),
    );
    expect(answers.map((answer) => answer.json().outcome).sort()).toEqual(['applied', 'unchanged']);
    expect((await log(order.id)).map((entry) => entry.outcome).sort()).toEqual(['applied', 'unchanged']);
    expect(await statusOf(order.id)).toBe('paid');
  });
});
