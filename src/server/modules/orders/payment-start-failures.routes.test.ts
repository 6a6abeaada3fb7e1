import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeWorkflow, type FakeWorkflow } from '../../../../tests/support/fake-workflow.js';
import { activeRobot, createOrder, setSetting, WORKFLOW_SECRET } from '../../../../tests/support/orders.js';
import { freePort } from '../../../../tests/support/processes.js';
import { createClient, SAME_ORIGIN, signIn } from '../../../../tests/support/sessions.js';
import { createTestApp, TEST_ADMIN, testDialects, type TestApp } from '../../../../tests/support/test-app.js';
import { buildApp } from '../../app.js';
import { PAYMENT_WORKFLOW_TIMEOUT_MS } from '../../integrations/automation-gateway.js';

/**
 * A payment workflow that is down, hangs or answers nonsense: the buyer gets SPEC §8's message
 * and nothing of the shop's insides (addresses, ports, system errors); the owner finds the
 * technical detail on the order's timeline and in the log.
 */
describe.each(testDialects)('a failed payment request on %s', (dialect) => {
  let shop: TestApp;
  let workflow: FakeWorkflow;
  let robotId: string;
  let client: string;
  let admin: string;
  const logLines: string[] = [];

  beforeAll(async () => {
    shop = await createTestApp(dialect, { STATS_REFRESH_SECONDS: '0' });
    await shop.app.close();
    const app = await buildApp(
      { ...shop.config, logLevel: 'warn' },
      { webRoot: `${shop.dataDir}/web`, logStream: { write: (line) => logLines.push(line) } },
    );
    // Closed first, then the first app's close drops the database (on PostgreSQL): the database
    // must not be dropped under this app's open connections.
    const closeFirst = shop.close;
    shop = {
      ...shop,
      app,
      close: async () => {
        await app.close();
        await closeFirst();
      },
    };
    workflow = await startFakeWorkflow();
    robotId = (await activeRobot(shop.app)).id;
    client = (await createClient(shop.app, 'buyer@example.com', 'Buyer')).cookie;
    admin = await signIn(shop.app, TEST_ADMIN.email, TEST_ADMIN.password);
    await setSetting(shop.app, 'n8n_secret_token', WORKFLOW_SECRET);
  });
  afterAll(async () => {
    await workflow.close();
    await shop.close();
  });

  const pay = (orderId: string) =>
    shop.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/payment`,
      headers: { ...SAME_ORIGIN, cookie: client },
    });
  const timeline = async (orderId: string) => {
    const response = await shop.app.inject({ url: `/api/admin/orders/${orderId}`, headers: { cookie: admin } });
    expect(response.statusCode).toBe(200);
    return response.json<{ events: Array<{ kind: string; detail: string | null; occurred_at: string }> }>().events;
  };

  it('hides an unreachable workflow behind SPEC §8 and puts the reason on the timeline and in the log', async () => {
    const port = await freePort();
    await setSetting(shop.app, 'n8n_webhook_url', `http://127.0.0.1:${port}/webhook`);
    const order = await createOrder(shop.app, client, robotId);

    const response = await pay(order.id);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ error: { code: 'upstream_failed', message: 'Error 502: Bad Gateway' } });
    for (const inside of ['ECONNREFUSED', '127.0.0.1', String(port), 'workflow', 'connect'])
      expect(response.body).not.toContain(inside);

    const events = await timeline(order.id);
    expect(events).toHaveLength(1);
    expect(events[0]!.kind).toBe('payment_request_failed');
    expect(events[0]!.detail).toContain(`ECONNREFUSED 127.0.0.1:${port}`);
    const logged = logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(
      logged.some(
        (line) =>
          line.orderId === order.id &&
          JSON.stringify(line).includes(`ECONNREFUSED 127.0.0.1:${port}`) &&
          line.level === 40,
      ),
    ).toBe(true);
  });

  it('does not name a refused address to the buyer', async () => {
    await setSetting(shop.app, 'n8n_webhook_url', 'http://169.254.169.254/latest/meta-data/');
    const order = await createOrder(shop.app, client, robotId);
    const response = await pay(order.id);
    expect(response.statusCode).toBe(502);
    expect(response.json().error.message).toBe('Error 502: Bad Gateway');
    expect(response.body).not.toContain('169.254');
    expect((await timeline(order.id))[0]!.detail).toMatch(/169\.254\.169\.254 is a link-local address/);
  });

  it('keeps the workflow own refusal message (SPEC §8) and records the whole answer for the owner', async () => {
    await setSetting(shop.app, 'n8n_webhook_url', workflow.url);
    const order = await createOrder(shop.app, client, robotId);
    workflow.answer = { status: 500, body: { message: 'Wallet offline' } };
    const refused = await pay(order.id);
    expect(refused.statusCode).toBe(502);
    expect(refused.json().error.message).toBe('Error 500: Wallet offline');

    workflow.answer = { status: 503, body: '<html><body>upstream 10.0.4.7:5678 is down</body></html>' };
    const htmlRefusal = await pay(order.id);
    expect(htmlRefusal.json().error.message).toBe('Error 503: Service Unavailable');
    expect(htmlRefusal.body).not.toContain('10.0.4.7');

    workflow.answer = { status: 200, body: { payment_id: 'p-1' } };
    const noPage = await pay(order.id);
    expect(noPage.json().error.message).toBe('Invalid response from payment system: PayUrl missing.');

    const details = (await timeline(order.id)).map((event) => event.detail ?? '');
    expect(details).toHaveLength(3);
    // Newest first.
    expect(details[0]).toMatch(/PayUrl/);
    expect(details[1]).toContain('upstream 10.0.4.7:5678 is down');
    expect(details[2]).toContain('Wallet offline');
  });

  it(
    'answers a workflow that hangs with SPEC §8 too',
    async () => {
      await setSetting(shop.app, 'n8n_webhook_url', workflow.url);
      const order = await createOrder(shop.app, client, robotId);
      workflow.answer = { status: 200, body: {}, delayMs: PAYMENT_WORKFLOW_TIMEOUT_MS + 5_000 };
      const response = await pay(order.id);
      expect(response.statusCode).toBe(504);
      expect(response.json()).toEqual({ error: { code: 'upstream_timeout', message: 'Error 504: Gateway Timeout' } });
      expect((await timeline(order.id))[0]!.detail).toMatch(/did not answer in time/);
    },
    PAYMENT_WORKFLOW_TIMEOUT_MS + 20_000,
  );

  it('shows the timeline to administrators only', async () => {
    const order = await createOrder(shop.app, client, robotId);
    const asClient = await shop.app.inject({ url: `/api/admin/orders/${order.id}`, headers: { cookie: client } });
    expect(asClient.statusCode).toBe(403);
    const own = await shop.app.inject({ url: `/api/orders/${order.id}`, headers: { cookie: client } });
    expect(own.statusCode).toBe(200);
    expect(own.json()).not.toHaveProperty('events');
  });
});
