import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { POOL_SIZE } from '../../src/server/db/postgres.js';
import { PUBLIC_CACHE_TTL_MS } from '../../src/server/http/public-cache.js';
import { SettingsCache } from '../../src/server/modules/settings/settings.service.js';
import { newClient, newOrder, newRobot, setSetting, signInAdmin } from '../support/factories.js';
import { paymentCallback, WORKFLOW_SECRET } from '../support/orders.js';
import { SAME_ORIGIN } from '../support/sessions.js';
import { createSecondInstance, createTestApp, TEST_ADMIN, testDialects, type TestApp } from '../support/test-app.js';

/** Reads `event: order` blocks from an order's event stream. */
async function openOrderEvents(app: FastifyInstance, orderId: string, cookie: string) {
  const { port } = app.server.address() as AddressInfo;
  const controller = new AbortController();
  const response = await fetch(`http://127.0.0.1:${port}/api/orders/${orderId}/events`, {
    headers: { cookie },
    signal: controller.signal,
  });
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = response.body!.getReader();
  let buffer = '';
  return {
    async next(): Promise<{ status: string }> {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.includes('event: order')) return JSON.parse(/^data: (.*)$/m.exec(block)![1]!) as { status: string };
          continue;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        buffer += new TextDecoder().decode(value);
      }
    },
    close: () => controller.abort(),
  };
}

// Several instances share one PostgreSQL database; SQLite allows one process per DATA_DIR.
describe.each(testDialects)('two app instances on %s', (dialect) => {
  if (dialect === 'sqlite') {
    it('refuses a second instance on the same DATA_DIR', async () => {
      const shop = await createTestApp('sqlite');
      try {
        await expect(createSecondInstance(shop)).rejects.toThrow();
      } finally {
        await shop.close();
      }
    });
    return;
  }

  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp(dialect, { STATS_REFRESH_SECONDS: '0', AUTH_RATE_LIMIT: '10', TRUST_PROXY: '1' });
    b = await createSecondInstance(a);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('counts wrong passwords sent to either instance against one limit', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt++) {
      const instance = attempt % 2 === 0 ? a : b;
      const response = await instance.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        // One client (as the proxy in front of both instances reports it), apart from the other tests'.
        headers: { ...SAME_ORIGIN, 'x-forwarded-for': '203.0.113.7' },
        payload: { email: TEST_ADMIN.email, password: 'wrong-password' },
      });
      statuses.push(response.statusCode);
    }
    // 10 a minute across both: each instance alone saw only 6.
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('streams on A the status an order created on A gets from a payment callback sent to B', async () => {
    await setSetting(a.app, 'n8n_secret_token', WORKFLOW_SECRET);
    await a.app.listen({ port: 0, host: '127.0.0.1' });
    const robot = await newRobot(a.app);
    const alice = await newClient(b.app);
    const order = await newOrder(a.app, { client: alice, robot });
    const events = await openOrderEvents(a.app, order.id, alice.cookie);
    try {
      expect((await events.next()).status).toBe('pending_payment');
      const callback = await paymentCallback(b.app, { order_id: order.id, status: 'paid' });
      expect(callback.statusCode).toBe(200);
      expect((await events.next()).status).toBe('paid');
    } finally {
      events.close();
    }
  });

  it("streams on A a change made on B while every connection of A's pool is taken", async () => {
    // Issue 21 §6: a burst of payment callbacks fills the pool; the pages must not wait for it.
    await setSetting(a.app, 'n8n_secret_token', WORKFLOW_SECRET);
    if (!a.app.server.listening) await a.app.listen({ port: 0, host: '127.0.0.1' });
    const robot = await newRobot(a.app);
    const bob = await newClient(b.app);
    const order = await newOrder(a.app, { client: bob, robot });
    const events = await openOrderEvents(a.app, order.id, bob.cookie);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const busy: Promise<void>[] = [];
    try {
      expect((await events.next()).status).toBe('pending_payment');
      // As many transactions as the pool has connections, each holding its connection.
      for (let i = 0; i < POOL_SIZE; i++)
        busy.push(
          a.app.database.db.transaction().execute(async (trx) => {
            await sql`select 1`.execute(trx);
            await held;
          }),
        );
      await vi.waitFor(() => expect(a.app.database.poolStats()).toMatchObject({ total: POOL_SIZE, idle: 0 }));
      const callback = await paymentCallback(b.app, { order_id: order.id, status: 'paid' });
      expect(callback.statusCode).toBe(200);
      expect((await events.next()).status).toBe('paid');
    } finally {
      release();
      await Promise.all(busy);
      events.close();
    }
  });

  it('refuses on B, at once, the automation secret that A replaced', async () => {
    // B keeps its settings in memory (issue 21 §6); A's save tells it when it commits, well
    // before the cache's own limit of SettingsCache.MAX_AGE_MS.
    const first = `${WORKFLOW_SECRET}-first`;
    const second = `${WORKFLOW_SECRET}-second`;
    await setSetting(a.app, 'n8n_secret_token', first);
    const pushTo = (app: FastifyInstance, token: string) =>
      app.inject({
        method: 'POST',
        url: '/api/hooks/payment',
        headers: { 'content-type': 'application/json', 'x-secret-token': token },
        payload: { order_id: 'no-such-order', status: 'paid' },
      });
    // Unknown order: 404 once the secret is accepted, 401 while it is not.
    await vi.waitFor(async () => expect((await pushTo(b.app, first)).statusCode).toBe(404));
    const admin = await signInAdmin(a.app);
    expect((await admin.patch('/api/admin/settings', { values: { n8n_secret_token: second } })).statusCode).toBe(200);
    expect(SettingsCache.MAX_AGE_MS).toBeGreaterThanOrEqual(10_000);
    // Well under the cache's 10 s age, so only the NOTIFY can explain it; slack for a busy CI machine.
    await vi.waitFor(async () => expect((await pushTo(b.app, first)).statusCode).toBe(401), { timeout: 6000 });
    expect((await pushTo(b.app, second)).statusCode).toBe(404);
  });

  it('shows on B, within the public cache lifetime, a settings change made on A', async () => {
    const before = (await b.app.inject('/api/settings/public')).json<{ seo_title: { en: string; fr: string } }>();
    // The seeded SEO title is empty since the shop's name took its place (issue 19 §1): a title of its own.
    const title = {
      en: `${before.seo_title.en || 'Orion Bots'} on A`,
      fr: `${before.seo_title.fr || 'Orion Bots'} sur A`,
    };
    const admin = await signInAdmin(a.app);
    const changed = await admin.patch('/api/admin/settings', { values: { seo_title: title } });
    expect(changed.statusCode).toBe(200);
    // B keeps its cached answer for at most PUBLIC_CACHE_TTL_MS (2 s); the wait allows a busy machine some slack.
    expect(PUBLIC_CACHE_TTL_MS).toBeLessThanOrEqual(2000);
    await vi.waitFor(async () => expect((await b.app.inject('/api/settings/public')).json().seo_title).toEqual(title), {
      timeout: 3000,
      interval: 100,
    });
  });
});
