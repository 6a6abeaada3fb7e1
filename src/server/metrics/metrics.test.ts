import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newOrder, newRobot, setSetting } from '../../../tests/support/factories.js';
import { paymentCallback, WORKFLOW_SECRET } from '../../../tests/support/orders.js';
import { createTestApp, testDialects, type TestApp } from '../../../tests/support/test-app.js';
import { countPaymentCallback, eventStreamOpened } from './metrics.js';

const TOKEN = 'metrics-token-for-tests';

/** The value of one series in the Prometheus text format, or undefined when absent. */
function seriesValue(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe.each(testDialects)('metrics on %s', (dialect) => {
  let shop: TestApp;
  const scrape = async () => {
    const response = await shop.app.inject({ url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  beforeAll(async () => {
    shop = await createTestApp(dialect, { METRICS_TOKEN: TOKEN });
  });
  afterAll(() => shop.close());

  it('serves Prometheus text only to a caller with the token', async () => {
    const missing = await shop.app.inject('/api/metrics');
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(missing.json().error.code).toBe('unauthorized');
    const wrong = await shop.app.inject({ url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.statusCode).toBe(401);
    const right = await shop.app.inject({ url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(right.statusCode).toBe(200);
    expect(right.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(right.headers['cache-control']).toBe('no-store');
    expect(right.body).toContain('# TYPE process_cpu_seconds_total counter');
  });

  it('counts requests by route pattern, never by raw URL', async () => {
    const robot = await newRobot(shop.app);
    const series =
      'tradebot_http_request_duration_seconds_count{method="GET",route="/api/robots/:id",status_code="200"}';
    const before = seriesValue(await scrape(), series) ?? 0;
    for (let index = 0; index < 3; index++)
      expect((await shop.app.inject(`/api/robots/${robot.id}`)).statusCode).toBe(200);
    await shop.app.inject('/api/no-such-route/123');
    const text = await scrape();
    expect(seriesValue(text, series)).toBe(before + 3);
    expect(text).not.toContain(robot.id);
    expect(text).not.toContain('no-such-route');
    expect(text).toMatch(
      /tradebot_http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/api\/robots\/:id",status_code="200"\} \d+/,
    );
  });

  it('shows the database pool, job runs, open event streams and payment callbacks', async () => {
    const streamsBefore = seriesValue(await scrape(), 'tradebot_event_streams_open') ?? 0;
    const closeStream = eventStreamOpened();
    expect(seriesValue(await scrape(), 'tradebot_event_streams_open')).toBe(streamsBefore + 1);
    closeStream();
    closeStream();
    expect(seriesValue(await scrape(), 'tradebot_event_streams_open')).toBe(streamsBefore);

    const paid = 'tradebot_payment_callbacks_total{result="paid"}';
    const paidBefore = seriesValue(await scrape(), paid) ?? 0;
    countPaymentCallback('paid');
    expect(seriesValue(await scrape(), paid)).toBe(paidBefore + 1);

    const succeeded = 'tradebot_job_runs_total{job="stats_refresh",outcome="succeeded"}';
    const runsBefore = seriesValue(await scrape(), succeeded) ?? 0;
    expect(await shop.app.statsRefresher.refresh()).toMatchObject({ updated: expect.any(Number) });
    const text = await scrape();
    expect(seriesValue(text, succeeded)).toBe(runsBefore + 1);
    expect(seriesValue(text, 'tradebot_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    expect(seriesValue(text, 'tradebot_db_pool_connections{state="waiting"}')).toBe(0);
  });

  it('counts the order event streams the shop opens and the payment callbacks it receives, by result', async () => {
    await setSetting(shop.app, 'n8n_secret_token', WORKFLOW_SECRET);
    const order = await newOrder(shop.app);
    const streams = 'tradebot_event_streams_open';
    const results = ['paid', 'unchanged', 'refused', 'unknown_order', 'invalid'] as const;
    const series = (result: string) => `tradebot_payment_callbacks_total{result="${result}"}`;
    const before = await scrape();
    const streamsBefore = seriesValue(before, streams) ?? 0;
    const callbacksBefore = Object.fromEntries(
      results.map((result) => [result, seriesValue(before, series(result)) ?? 0]),
    );

    await shop.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = shop.app.server.address() as AddressInfo;
    const controller = new AbortController();
    const stream = await fetch(`http://127.0.0.1:${port}/api/orders/${order.id}/events`, {
      headers: { cookie: order.client.cookie },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    expect(seriesValue(await scrape(), streams)).toBe(streamsBefore + 1);
    controller.abort();
    await vi.waitFor(async () => expect(seriesValue(await scrape(), streams)).toBe(streamsBefore));

    expect((await paymentCallback(shop.app, { order_id: order.id, status: 'paid' })).statusCode).toBe(200);
    expect((await paymentCallback(shop.app, { order_id: order.id, status: 'paid' })).statusCode).toBe(200);
    expect(
      (await paymentCallback(shop.app, { order_id: order.id, status: 'paid' }, 'secret', `${WORKFLOW_SECRET}-wrong`))
        .statusCode,
    ).toBe(401);
    expect((await paymentCallback(shop.app, { order_id: 'no-such-order', status: 'paid' })).statusCode).toBe(404);
    expect((await paymentCallback(shop.app, { order_id: order.id, status: 'maybe' })).statusCode).toBe(422);
    const after = await scrape();
    for (const result of results) expect(seriesValue(after, series(result)), result).toBe(callbacksBefore[result]! + 1);
  });
});

describe('metrics without METRICS_TOKEN', () => {
  it('do not exist', async () => {
    const shop = await createTestApp('sqlite');
    try {
      const response = await shop.app.inject('/api/metrics');
      expect(response.statusCode).toBe(404);
    } finally {
      await shop.close();
    }
  });
});
