import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeWorkflow, type FakeWorkflow } from '../../../../tests/support/fake-workflow.js';
import type { SignedInUser } from '../../../../tests/support/factories.js';
import { orderBody, paymentCallback, WORKFLOW_SECRET } from '../../../../tests/support/orders.js';
import { withShop, type Shop } from '../../../../tests/support/shop.js';
import { testDialects } from '../../../../tests/support/test-app.js';
import type { Robot } from '../../../shared/schemas/catalogue.js';
import { robotZip, zipArchive } from '../../../../tests/support/robot-files.js';
import { signBody } from '../../integrations/automation-auth.js';
import { DownloadLinks } from './download-links.js';

describe.each(testDialects)('orders of a client on %s', (dialect) => {
  let shop: Shop;
  let workflow: FakeWorkflow;
  let robot: Robot;
  let alice: SignedInUser;
  let bob: SignedInUser;

  beforeAll(async () => {
    shop = await withShop(dialect, { env: { STATS_REFRESH_SECONDS: '0' }, client: { name: 'Alice Martin' } });
    workflow = await startFakeWorkflow();
    robot = await shop.newRobot();
    alice = shop.client;
    bob = await shop.newClient();
    await shop.setSetting('n8n_secret_token', WORKFLOW_SECRET);
  });
  afterAll(async () => {
    await shop.close();
    await workflow.close();
  });

  describe('creation', () => {
    it('takes the price and name from the robot, never from the body, and stores the terms acceptance', async () => {
      const before = Date.now();
      const response = await alice.post('/api/orders', {
        ...orderBody(robot.id),
        price: 1,
        robot_name: 'Cheap',
        status: 'completed',
      });
      expect(response.statusCode).toBe(201);
      const order = response.json();
      expect(order).toMatchObject({
        robot_id: robot.id,
        robot_name: robot.name,
        price: robot.price,
        status: 'pending_payment',
        telegram_username: '@trader',
        download_count: 0,
        downloads_remaining: 2,
        has_file: false,
      });
      const days = (Date.parse(order.estimated_delivery) - Date.parse(order.created_date)) / 86_400_000;
      expect(days).toBeCloseTo(7, 5);
      expect(Date.parse(order.terms_accepted_at)).toBeGreaterThanOrEqual(before - 1000);
      expect(order).not.toHaveProperty('file_path');
    });

    it('refuses an order without the terms accepted, and SPEC §5 mistakes, with their messages', async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [{ terms_accepted: false }, 'body.terms_accepted', 'You must accept the Terms and the Risk disclosure'],
        [{ telegram_username: '' }, 'body.telegram_username', 'Telegram username is required'],
        [{ telegram_username: 'trader' }, 'body.telegram_username', 'Username must start with @'],
        [{ strategy_instructions: 'too short' }, 'body.strategy_instructions', 'Minimum 50 characters required'],
        [{ strategy_instructions: 'x'.repeat(1001) }, 'body.strategy_instructions', 'Maximum 1000 characters allowed'],
      ];
      for (const [change, field, message] of cases) {
        const response = await alice.post('/api/orders', orderBody(robot.id, change));
        expect(response.statusCode, field).toBe(400);
        expect(response.json().error.fields[field]).toBe(message);
      }
    });

    it('answers 404 for an unknown or inactive robot', async () => {
      expect((await alice.post('/api/orders', orderBody('no-such-robot'))).statusCode).toBe(404);
      const other = await shop.newRobot({ status: 'inactive' });
      const response = await alice.post('/api/orders', orderBody(other.id));
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe('Robot not found');
    });

    it('creates exactly one order for ten identical requests in parallel with one Idempotency-Key', async () => {
      const responses = await Promise.all(
        Array.from({ length: 10 }, () =>
          bob.post('/api/orders', orderBody(robot.id), { 'idempotency-key': 'checkout-42' }),
        ),
      );
      expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(201));
      expect(new Set(responses.map((response) => response.json().id)).size).toBe(1);
      const stored = await shop.app.database.db
        .selectFrom('orders')
        .select('id')
        .where('user_id', '=', bob.id)
        .execute();
      expect(stored).toHaveLength(1);
      // The same key from another user is another order.
      const alices = await alice.post('/api/orders', orderBody(robot.id), {
        'idempotency-key': 'checkout-42',
      });
      expect(alices.json().id).not.toBe(responses[0]!.json().id);
    });

    it('refuses a reused key for another robot, and a malformed key', async () => {
      const other = await shop.newRobot();
      expect(
        (await bob.post('/api/orders', orderBody(other.id), { 'idempotency-key': 'checkout-42' })).statusCode,
      ).toBe(409);
      expect(
        (await bob.post('/api/orders', orderBody(robot.id), { 'idempotency-key': 'é'.repeat(3) })).statusCode,
      ).toBe(400);
    });
  });

  describe('reading', () => {
    it('lists only the caller’s orders, newest first, and hides other clients’ orders as missing', async () => {
      const first = await shop.newOrder({ client: bob, robot });
      const second = await shop.newOrder({ client: bob, robot });
      const list = (await bob.get('/api/orders')).json<{ id: string }[]>();
      expect(list.map((order) => order.id).slice(0, 2)).toEqual([second.id, first.id]);
      expect((await alice.get('/api/orders')).json<{ id: string }[]>().map((order) => order.id)).not.toContain(
        first.id,
      );
      for (const [method, url] of [
        ['GET', `/api/orders/${first.id}`],
        ['POST', `/api/orders/${first.id}/payment`],
        ['POST', `/api/orders/${first.id}/download`],
        ['GET', `/api/orders/${first.id}/events`],
      ] as const) {
        const hidden = await alice.request(method, url);
        const missing = await alice.request(method, url.replace(first.id, 'no-such-order'));
        expect(hidden.statusCode, url).toBe(404);
        expect(hidden.json()).toEqual(missing.json());
      }
    });
  });

  describe('payment', () => {
    it('says so when no payment workflow is configured', async () => {
      await shop.setSetting('n8n_webhook_url', '');
      const order = await shop.newOrder({ client: alice, robot });
      const response = await alice.post(`/api/orders/${order.id}/payment`);
      expect(response.statusCode).toBe(503);
      expect(response.json().error.message).toBe('Payment system not configured. Please contact the administrator.');
    });

    it('reports an HTTP error and a missing PayUrl of the workflow as SPEC §8 says', async () => {
      await shop.setSetting('n8n_webhook_url', workflow.url);
      const order = await shop.newOrder({ client: alice, robot });
      workflow.answer = { status: 500, body: { message: 'Wallet offline' } };
      const failed = await alice.post(`/api/orders/${order.id}/payment`);
      expect(failed.statusCode).toBe(502);
      expect(failed.json().error.message).toBe('Error 500: Wallet offline');
      workflow.answer = { status: 200, body: { order_id: order.id, payment_id: 'p-1' } };
      const noUrl = await alice.post(`/api/orders/${order.id}/payment`);
      expect(noUrl.statusCode).toBe(502);
      expect(noUrl.json().error.message).toBe('Invalid response from payment system: PayUrl missing.');
      workflow.answer = { status: 200, body: { PayUrl: 'javascript:alert(1)', payment_id: 'p-1' } };
      expect((await alice.post(`/api/orders/${order.id}/payment`)).statusCode).toBe(502);
    });

    it('posts the SPEC §7 payload with the secret and a signature, stores the page and re-opens it', async () => {
      await shop.setSetting('n8n_webhook_url', workflow.url);
      const order = await shop.newOrder({ client: alice, robot });
      workflow.requests.length = 0;
      workflow.answer = {
        status: 200,
        body: [{ PayUrl: 'https://pay.example.com/i/abc', order_id: order.id, payment_id: 'pay-1' }],
      };
      const started = await alice.post(`/api/orders/${order.id}/payment`);
      expect(started.statusCode).toBe(200);
      expect(started.json()).toEqual({
        pay_url: 'https://pay.example.com/i/abc',
        order_id: order.id,
        payment_id: 'pay-1',
      });
      expect(workflow.requests).toHaveLength(1);
      const sent = workflow.requests[0]!;
      expect(sent.body).toMatchObject({
        order_id: order.id,
        user_id: alice.id,
        user_email: alice.email,
        user_name: 'Alice Martin',
        robot_id: robot.id,
        robot_name: robot.name,
        telegram_username: '@trader',
        amount: robot.price,
        currency: 'USD',
        action: 'create_payment',
      });
      expect(sent.headers['x-secret-token']).toBe(WORKFLOW_SECRET);
      expect(sent.headers['x-signature']).toBe(signBody(WORKFLOW_SECRET, sent.rawBody));

      const again = await alice.post(`/api/orders/${order.id}/payment`);
      expect(again.json()).toEqual(started.json());
      expect(workflow.requests).toHaveLength(1);
      expect((await alice.get(`/api/orders/${order.id}`)).json()).toMatchObject({
        payment_id: 'pay-1',
        pay_url: 'https://pay.example.com/i/abc',
      });
    });

    it('starts a new payment for the same order after a failure, and refuses once paid', async () => {
      await shop.setSetting('n8n_webhook_url', workflow.url);
      const order = await shop.newOrder({ client: alice, robot });
      workflow.answer = { status: 200, body: { PayUrl: 'https://pay.example.com/first', payment_id: 'first' } };
      await alice.post(`/api/orders/${order.id}/payment`);
      expect(
        (await paymentCallback(shop.app, { order_id: order.id, status: 'expired', payment_id: 'first' })).statusCode,
      ).toBe(200);
      workflow.answer = { status: 200, body: { PayUrl: 'https://pay.example.com/second', payment_id: 'second' } };
      const retried = await alice.post(`/api/orders/${order.id}/payment`);
      expect(retried.json()).toEqual({
        pay_url: 'https://pay.example.com/second',
        order_id: order.id,
        payment_id: 'second',
      });
      expect((await alice.get(`/api/orders/${order.id}`)).json().status).toBe('pending_payment');
      await paymentCallback(shop.app, { order_id: order.id, status: 'paid', payment_id: 'second' });
      const paid = await alice.post(`/api/orders/${order.id}/payment`);
      expect(paid.statusCode).toBe(409);
    });
  });

  describe('downloads', () => {
    const deliveredOrder = (content = robotZip()) =>
      shop.newOrder({ client: alice, robot, file: { name: 'Golden Robot é.zip', content } });

    it('refuses before delivery', async () => {
      const order = await shop.newOrder({ client: alice, robot });
      const response = await alice.post(`/api/orders/${order.id}/download`);
      expect(response.statusCode).toBe(409);
      expect(response.json().error.code).toBe('file_unavailable');
    });

    it('issues exactly two links for fifty parallel requests, and records each download', async () => {
      const order = await deliveredOrder();
      const responses = await Promise.all(
        Array.from({ length: 50 }, () =>
          alice.post(`/api/orders/${order.id}/download`, undefined, { 'user-agent': 'DownloadTest/1' }),
        ),
      );
      const ok = responses.filter((response) => response.statusCode === 200);
      expect(ok).toHaveLength(2);
      expect(
        responses
          .filter((response) => response.statusCode === 409)
          .every((response) => response.json().error.code === 'download_limit_reached'),
      ).toBe(true);
      expect(ok.map((response) => response.json().remaining).sort()).toEqual([0, 1]);
      const logged = await shop.app.database.db
        .selectFrom('order_downloads')
        .selectAll()
        .where('order_id', '=', order.id)
        .execute();
      expect(logged).toHaveLength(2);
      expect(logged[0]).toMatchObject({ user_agent: 'DownloadTest/1' });
      expect((await alice.get(`/api/orders/${order.id}`)).json()).toMatchObject({
        download_count: 2,
        downloads_remaining: 0,
      });
    });

    it('streams the file under its original name without a session, for an hour; altered or expired links are refused', async () => {
      const content = zipArchive([{ name: 'robot.mq4', content: Buffer.from('#property strict\n'.repeat(1000)) }]);
      const order = await deliveredOrder(content);
      const link = (await alice.post(`/api/orders/${order.id}/download`)).json<{
        url: string;
        expires_at: string;
        remaining: number;
      }>();
      expect(link.remaining).toBe(1);
      expect(Date.parse(link.expires_at) - Date.now()).toBeGreaterThan(3590_000);
      const path = new URL(link.url).pathname;
      const file = await shop.app.inject({ method: 'GET', url: path });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(content)).toBe(true);
      expect(file.headers['content-disposition']).toBe(
        `attachment; filename="Golden Robot _.zip"; filename*=UTF-8''Golden%20Robot%20%C3%A9.zip`,
      );
      const token = path.split('/').pop()!;
      const altered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
      expect((await shop.app.inject({ method: 'GET', url: `/api/downloads/${altered}` })).statusCode).toBe(403);
      const row = await shop.app.database.db
        .selectFrom('order_versions')
        .select('file_path')
        .where('order_id', '=', order.id)
        .executeTakeFirstOrThrow();
      const expired = new DownloadLinks(shop.config.authSecret).sign(
        token.split('.')[0]!,
        row.file_path!,
        Date.now() - 1000,
      );
      expect((await shop.app.inject({ method: 'GET', url: `/api/downloads/${expired}` })).statusCode).toBe(403);
    });
  });

  describe('live status', () => {
    it('streams the current order at once, then each change, and honours Last-Event-ID', async () => {
      await shop.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = shop.app.server.address() as AddressInfo;
      const order = await shop.newOrder({ client: alice, robot });
      const controller = new AbortController();
      const response = await fetch(`http://127.0.0.1:${port}/api/orders/${order.id}/events`, {
        headers: { cookie: alice.cookie },
        signal: controller.signal,
      });
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const reader = response.body!.getReader();
      let buffer = '';
      const nextEvent = async () => {
        for (;;) {
          const end = buffer.indexOf('\n\n');
          if (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (block.includes('event: order')) {
              const id = /^id: (.*)$/m.exec(block)![1]!;
              return { id, order: JSON.parse(/^data: (.*)$/m.exec(block)![1]!) as { status: string } };
            }
            continue;
          }
          const { value, done } = await reader.read();
          if (done) throw new Error('stream ended');
          buffer += new TextDecoder().decode(value);
        }
      };
      const first = await nextEvent();
      expect(first.order.status).toBe('pending_payment');
      await paymentCallback(shop.app, { order_id: order.id, status: 'paid' });
      const second = await nextEvent();
      expect(second.order.status).toBe('paid');
      controller.abort();

      // Reconnecting with the last id seen: nothing is sent again until something changes.
      const resumed = new AbortController();
      const again = await fetch(`http://127.0.0.1:${port}/api/orders/${order.id}/events`, {
        headers: { cookie: alice.cookie, 'last-event-id': second.id },
        signal: resumed.signal,
      });
      const againReader = again.body!.getReader();
      let text = '';
      const readSome = async (ms: number) => {
        const timer = setTimeout(() => resumed.abort(), ms);
        try {
          for (;;) {
            const { value, done } = await againReader.read();
            if (done) break;
            text += new TextDecoder().decode(value);
          }
        } catch {
          // aborted
        } finally {
          clearTimeout(timer);
        }
      };
      await readSome(300);
      expect(text).toContain('retry:');
      expect(text).not.toContain('event: order');
    });
  });
});
