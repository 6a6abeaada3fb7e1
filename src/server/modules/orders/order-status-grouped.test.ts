import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { withShop, type Shop } from '../../../../tests/support/shop.js';
import { testDialects } from '../../../../tests/support/test-app.js';
import { NotFoundError } from '../../errors.js';
import { inProcessOrderChanges } from '../../realtime/order-changes.js';
import { createAuditLog } from '../audit/audit.service.js';
import { createSettingsService } from '../settings/settings.service.js';
import { GroupedOrderWrites } from './grouped-order-writes.js';
import { OrderEmails } from './order-emails.js';
import { OrderStatusChanger } from './order-status.js';
import { OrdersRepository } from './orders.repository.js';

describe.each(testDialects)('status changes of one turn on %s', (dialect) => {
  let shop: Shop;

  beforeAll(async () => {
    shop = await withShop(dialect);
  });
  afterAll(() => shop.close());

  /** A status changer whose tries run through GroupedOrderWrites, as the orders module builds it on SQLite. */
  function groupedChanger() {
    const { db } = shop.app.database;
    const orders = new OrdersRepository(db, shop.app.database.dialect);
    const transactions = vi.spyOn(orders, 'transaction');
    const grouped = new GroupedOrderWrites(orders);
    const announced: string[] = [];
    const changes = inProcessOrderChanges(db);
    changes.subscribe((orderId) => announced.push(orderId));
    const status = new OrderStatusChanger(
      orders,
      changes,
      new OrderEmails({
        outbox: shop.app.emailOutbox,
        publicUrl: shop.config.publicUrl,
        settings: createSettingsService(db, shop.app.database.dialect),
      }),
      pino({ level: 'silent' }),
      { followOrderStatus: async () => undefined },
      { afterPaid: async () => ({ kind: 'per_order' }) },
      createAuditLog(db),
      (work) => grouped.write(work),
    );
    return { status, transactions, announced };
  }

  const paid = { type: 'payment_reported', status: 'paid' } as const;

  it('makes the changes of one turn in one transaction, and tells each order’s pages once it committed', async () => {
    const { status, transactions, announced } = groupedChanger();
    const orders = [];
    for (let i = 0; i < 4; i++) orders.push(await shop.newOrder({ client: shop.client }));
    const changes = await Promise.all(orders.map((order) => status.apply(order.id, paid, 'workflow')));
    expect(changes.map((change) => [change.changed, change.order.status])).toEqual(orders.map(() => [true, 'paid']));
    expect(transactions).toHaveBeenCalledTimes(1);
    expect(announced.sort()).toEqual(orders.map((order) => order.id).sort());
  });

  it('makes each change again alone when one of the turn fails it, which fails only its own caller', async () => {
    const { status, transactions, announced } = groupedChanger();
    const orders = [];
    for (let i = 0; i < 3; i++) orders.push(await shop.newOrder({ client: shop.client }));
    const results = await Promise.allSettled([
      ...orders.map((order) => status.apply(order.id, paid, 'workflow')),
      status.apply('no-such-order', paid, 'workflow'),
    ]);
    expect(results.slice(0, 3).map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    expect(results[3]).toMatchObject({ status: 'rejected', reason: expect.any(NotFoundError) });
    // The shared try, then each alone.
    expect(transactions).toHaveBeenCalledTimes(5);
    expect(announced.sort()).toEqual(orders.map((order) => order.id).sort());
    const { db } = shop.app.database;
    for (const order of orders) {
      const events = await db.selectFrom('order_events').select('kind').where('order_id', '=', order.id).execute();
      expect(events.filter((event) => event.kind === 'payment_reported')).toHaveLength(1);
      const emails = await db.selectFrom('email_outbox').select('kind').where('order_id', '=', order.id).execute();
      expect(emails.filter((email) => email.kind === 'order-paid')).toHaveLength(1);
    }
  });
});
