import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activeRobot, createOrder } from '../../../../tests/support/orders.js';
import { waitFor } from '../../../../tests/support/processes.js';
import { createClient } from '../../../../tests/support/sessions.js';
import { createTestApp, testDialects, type TestApp } from '../../../../tests/support/test-app.js';
import { MAX_ORDER_STREAMS_PER_ADDRESS, MAX_ORDER_STREAMS_PER_USER } from './order-streams.js';

/**
 * Live order updates hold a connection each: one client must not open hundreds. Streams are
 * capped per signed-in user and per client address (429 beyond), and a closed stream frees its
 * place. The shop runs behind one proxy here, so each request can come from an address of its own.
 */
describe.each(testDialects)('the cap on open order streams on %s', (dialect) => {
  let shop: TestApp;
  let base: string;
  let robotId: string;
  const open: AbortController[] = [];
  let clients = 0;

  beforeAll(async () => {
    shop = await createTestApp(dialect, { STATS_REFRESH_SECONDS: '0', TRUST_PROXY: '1' });
    await shop.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(shop.app.server.address() as AddressInfo).port}`;
    robotId = (await activeRobot(shop.app)).id;
  });
  afterEach(() => {
    for (const controller of open.splice(0)) controller.abort();
  });
  afterAll(() => shop.close());

  async function newClientWithOrder() {
    clients += 1;
    const client = await createClient(shop.app, `streamer${clients}@example.com`);
    const order = await createOrder(shop.app, client.cookie, robotId);
    return { cookie: client.cookie, orderId: order.id };
  }

  /** Opens a stream and keeps it open (until the test ends) when it is accepted. */
  async function stream(who: { cookie: string; orderId: string }, address: string) {
    const controller = new AbortController();
    const response = await fetch(`${base}/api/orders/${who.orderId}/events`, {
      headers: { cookie: who.cookie, 'x-forwarded-for': address },
      signal: controller.signal,
    });
    if (response.ok) open.push(controller);
    return { response, close: () => controller.abort() };
  }

  it('refuses a signed-in user more streams than the cap, from any address, with 429 and a message', async () => {
    const alice = await newClientWithOrder();
    const accepted = [];
    for (let i = 0; i < MAX_ORDER_STREAMS_PER_USER; i++)
      accepted.push((await stream(alice, `203.0.113.${i + 1}`)).response.status);
    expect(accepted).toEqual(Array(MAX_ORDER_STREAMS_PER_USER).fill(200));

    const refused = (await stream(alice, '198.51.100.7')).response;
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect(await refused.json()).toEqual({
      error: {
        code: 'rate_limited',
        message: 'Too many live order updates are open at once: close another page of your orders and try again.',
      },
    });
  });

  it('refuses an address more streams than the cap, whoever is signed in', async () => {
    const address = '192.0.2.44';
    let opened = 0;
    while (opened < MAX_ORDER_STREAMS_PER_ADDRESS) {
      const client = await newClientWithOrder();
      for (let i = 0; i < MAX_ORDER_STREAMS_PER_USER && opened < MAX_ORDER_STREAMS_PER_ADDRESS; i++, opened++)
        expect((await stream(client, address)).response.status).toBe(200);
    }
    const newcomer = await newClientWithOrder();
    expect((await stream(newcomer, address)).response.status).toBe(429);
    // Another address is not concerned.
    expect((await stream(newcomer, '192.0.2.45')).response.status).toBe(200);
  });

  it('frees the place of a stream that was closed', async () => {
    const bob = await newClientWithOrder();
    const streams = [];
    for (let i = 0; i < MAX_ORDER_STREAMS_PER_USER; i++) streams.push(await stream(bob, '203.0.113.200'));
    expect((await stream(bob, '203.0.113.200')).response.status).toBe(429);

    streams[0]!.close();
    const reopened = await waitFor(async () => {
      const attempt = await stream(bob, '203.0.113.200');
      return attempt.response.status === 200 ? attempt : undefined;
    }, 5_000);
    expect(reopened.response.status).toBe(200);
    // The place was taken again: still no more than the cap.
    expect((await stream(bob, '203.0.113.200')).response.status).toBe(429);
  });

  it('does not count a refused or foreign order against anyone', async () => {
    const carol = await newClientWithOrder();
    const dave = await newClientWithOrder();
    for (let i = 0; i < MAX_ORDER_STREAMS_PER_USER + 5; i++)
      expect((await stream({ cookie: carol.cookie, orderId: dave.orderId }, '203.0.113.99')).response.status).toBe(404);
    expect((await stream(carol, '203.0.113.99')).response.status).toBe(200);
  });
});
