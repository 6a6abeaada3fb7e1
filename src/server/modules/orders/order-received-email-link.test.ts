import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeRobot, createOrder } from '../../../../tests/support/orders.js';
import { readOutbox } from '../../../../tests/support/outbox.js';
import { createClient } from '../../../../tests/support/sessions.js';
import { createTestApp, testDialects, type TestApp } from '../../../../tests/support/test-app.js';
import { shortOrderNumber } from '../../../shared/order-number.js';

/** Issue 17 §3: the "order received" email links to that order, where the client pays or follows it. */
describe.each(testDialects)('the order received email on %s', (dialect) => {
  let shop: TestApp;
  let client: Awaited<ReturnType<typeof createClient>>;
  let robotId: string;

  beforeAll(async () => {
    shop = await createTestApp(dialect, { STATS_REFRESH_SECONDS: '0' });
    client = await createClient(shop.app, 'linked@example.com', 'Lina Linked');
    robotId = (await activeRobot(shop.app)).id;
  });
  afterAll(() => shop.close());

  async function receivedEmail(orderId: string) {
    const subject = `#${shortOrderNumber(orderId)}`;
    await expect.poll(() => readOutbox(shop.dataDir).filter((mail) => mail.subject.includes(subject))).toHaveLength(1);
    return readOutbox(shop.dataDir).find((mail) => mail.subject.includes(subject))!;
  }

  it("links to the order's own page, in the client's language, beside My Orders", async () => {
    const order = await createOrder(shop.app, client.cookie, robotId);
    const orderPage = `${shop.config.publicUrl}/OrderForm?robotId=${robotId}&orderId=${order.id}`;
    const english = await receivedEmail(order.id);
    expect(english.to).toBe(client.email);
    expect(english.text).toContain(`Open your order to complete or follow the payment:\n${orderPage}\n`);
    expect(english.text).toContain(`${shop.config.publicUrl}/Dashboard`);

    const french = await createOrder(shop.app, `${client.cookie}; lang=fr`, robotId);
    expect((await receivedEmail(french.id)).text).toContain(
      `Ouvrez votre commande pour terminer ou suivre le paiement :\n${shop.config.publicUrl}/OrderForm?robotId=${robotId}&orderId=${french.id}\n`,
    );
  });

  it('opens that order for its client: the page the link names is theirs to read', async () => {
    const order = await createOrder(shop.app, client.cookie, robotId);
    const link = new URL(
      (await receivedEmail(order.id)).text.split(/\s+/).find((word) => word.includes('/OrderForm?'))!,
    );
    expect(link.searchParams.get('robotId')).toBe(robotId);
    const named = await shop.app.inject({
      url: `/api/orders/${link.searchParams.get('orderId')}`,
      headers: { cookie: client.cookie },
    });
    expect(named.statusCode).toBe(200);
    expect(named.json()).toMatchObject({ id: order.id, status: 'pending_payment' });
  });
});
