import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeWorkflow, type FakeWorkflow } from '../../../../tests/support/fake-workflow.js';
import {
  activeRobot,
  createOrder,
  orderBody,
  paymentCallback,
  setSetting,
  uploadRobotFile,
  WORKFLOW_SECRET,
} from '../../../../tests/support/orders.js';
import { robotZip, zipArchive } from '../../../../tests/support/robot-files.js';
import { createClient, SAME_ORIGIN, signIn } from '../../../../tests/support/sessions.js';
import { createTestApp, TEST_ADMIN, testDialects, type TestApp } from '../../../../tests/support/test-app.js';
import { signBody } from '../../integrations/automation-auth.js';
import { DownloadLinks } from './download-links.js';

describe.each(testDialects)('orders of a client on %s', (dialect) => {
  let shop: TestApp;
  let workflow: FakeWorkflow;
  let robot: { id: string; name: string; price: number };
  let alice: Awaited<ReturnType<typeof createClient>>;
  let bob: Awaited<ReturnType<typeof createClient>>;
  let admin: string;

  beforeAll(async () => {
    shop = await createTestApp(dialect, { STATS_REFRESH_SECONDS: '0' });
    workflow = await startFakeWorkflow();
    robot = await activeRobot(shop.app);
    alice = await createClient(shop.app, 'alice@example.com', 'Alice Martin');
    bob = await createClient(shop.app, 'bob@example.com');
    admin = await signIn(shop.app, TEST_ADMIN.email, TEST_ADMIN.password);
    await setSetting(shop.app, 'n8n_secret_token', WORKFLOW_SECRET);
  });
  afterAll(async () => {
    await shop.close();
    await workflow.close();
  });

  const call = (
    method: 'GET' | 'POST',
    url: string,
    cookie: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    shop.app.inject({
      method,
      url,
      headers: { ...SAME_ORIGIN, cookie, ...headers },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  describe('creation', () => {
    it('takes the price and name from the robot, never from the body, and stores the terms acceptance', async () => {
      const before = Date.now();
      const response = await call('POST', '/api/orders', alice.cookie, {
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
        const response = await call('POST', '/api/orders', alice.cookie, orderBody(robot.id, change));
        expect(response.statusCode, field).toBe(400);
        expect(response.json().error.fields[field]).toBe(message);
      }
    });

    it('answers 404 for an unknown or inactive robot', async () => {
      expect((await call('POST', '/api/orders', alice.cookie, orderBody('no-such-robot'))).statusCode).toBe(404);
      const other = await shop.app.database.db
        .selectFrom('robots')
        .select('id')
        .where('id', '!=', robot.id)
        .executeTakeFirstOrThrow();
      await shop.app.database.db.updateTable('robots').set({ status: 'inactive' }).where('id', '=', other.id).execute();
      const response = await call('POST', '/api/orders', alice.cookie, orderBody(other.id));
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe('Robot not found');
    });

    it('creates exactly one order for ten identical requests in parallel with one Idempotency-Key', async () => {
      const responses = await Promise.all(
        Array.from({ length: 10 }, () =>
          call('POST', '/api/orders', bob.cookie, orderBody(robot.id), { 'idempotency-key': 'checkout-42' }),
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
      const alices = await call('POST', '/api/orders', alice.cookie, orderBody(robot.id), {
        'idempotency-key': 'checkout-42',
      });
      expect(alices.json().id).not.toBe(responses[0]!.json().id);
    });

    it('refuses a reused key for another robot, and a malformed key', async () => {
      const other = await shop.app.database.db
        .selectFrom('robots')
        .select('id')
        .where('id', '!=', robot.id)
        .where('status', '=', 'active')
        .executeTakeFirstOrThrow();
      expect(
        (await call('POST', '/api/orders', bob.cookie, orderBody(other.id), { 'idempotency-key': 'checkout-42' }))
          .statusCode,
      ).toBe(409);
      expect(
        (await call('POST', '/api/orders', bob.cookie, orderBody(robot.id), { 'idempotency-key': 'é'.repeat(3) }))
          .statusCode,
      ).toBe(400);
    });
  });

  describe('reading', () => {
    it('lists only the caller’s orders, newest first, and hides other clients’ orders as missing', async () => {
      const first = await createOrder(shop.app, bob.cookie, robot.id);
      const second = await createOrder(shop.app, bob.cookie, robot.id);
      const list = (await call('GET', '/api/orders', bob.cookie)).json<{ id: string }[]>();
      expect(list.map((order) => order.id).slice(0, 2)).toEqual([second.id, first.id]);
      expect(
        (await call('GET', '/api/orders', alice.cookie)).json<{ id: string }[]>().map((order) => order.id),
      ).not.toContain(first.id);
      for (const [method, url] of [
        ['GET', `/api/orders/${first.id}`],
        ['POST', `/api/orders/${first.id}/payment`],
        ['POST', `/api/orders/${first.id}/download`],
        ['GET', `/api/orders/${first.id}/events`],
      ] as const) {
        const hidden = await call(method, url, alice.cookie);
        const missing = await call(method, url.replace(first.id, 'no-such-order'), alice.cookie);
        expect(hidden.statusCode, url).toBe(404);
        expect(hidden.json()).toEqual(missing.json());
      }
    });
  });

  describe('payment', () => {
    it('says so when no payment workflow is configured', async () => {
      await setSetting(shop.app, 'n8n_webhook_url', '');
      const order = await createOrder(shop.app, alice.cookie, robot.id);
      const response = await call('POST', `/api/orders/${order.id}/payment`, alice.cookie);
      expect(response.statusCode).toBe(503);
      expect(response.json().error.message).toBe('Payment system not configured. Please contact the administrator.');
    });

    it('reports an HTTP error and a missing PayUrl of the workflow as SPEC §8 says', async () => {
      await setSetting(shop.app, 'n8n_webhook_url', workflow.url);
      const order = await createOrder(shop.app, alice.cookie, robot.id);
      workflow.answer = { status: 500, body: { message: 'Wallet offline' } };
      const failed = await call('POST', `/api/orders/${order.id}/payment`, alice.cookie);
      expect(failed.statusCode).toBe(502);
      expect(failed.json().error.message).toBe('Error 500: Wallet offline');
      workflow.answer = { status: 200, body: { order_id: order.id, payment_id: 'p-1' } };
      const noUrl = await call('POST', `/api/orders/${order.id}/payment`, alice.cookie);
      expect(noUrl.statusCode).toBe(502);
      expect(noUrl.json().error.message).toBe('Invalid response from payment system: PayUrl missing.');
      workflow.answer = { status: 200, body: { PayUrl: 'javascript:alert(1)', payment_id: 'p-1' } };
      expect((await call('POST', `/api/orders/${order.id}/payment`, alice.cookie)).statusCode).toBe(502);
    });

    it('posts the SPEC §7 payload with the secret and a signature, stores the page and re-opens it', async () => {
      await setSetting(shop.app, 'n8n_webhook_url', workflow.url);
      const order = await createOrder(shop.app, alice.cookie, robot.id);
      workflow.requests.length = 0;
      workflow.answer = {
        status: 200,
        body: [{ PayUrl: 'https://pay.example.com/i/abc', order_id: order.id, payment_id: 'pay-1' }],
      };
      const started = await call('POST', `/api/orders/${order.id}/payment`, alice.cookie);
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
        user_email: 'alice@example.com',
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

      const again = await call('POST', `/api/orders/${order.id}/payment`, alice.cookie);
      expect(again.json()).toEqual(started.json());
      expect(workflow.requests).toHaveLength(1);
      expect((await call('GET', `/api/orders/${order.id}`, alice.cookie)).json()).toMatchObject({
        payment_id: 'pay-1',
        pay_url: 'https://pay.example.com/i/abc',
      });
    });

    it('starts a new payment for the same order after a failure, and refuses once paid', async () => {
      await setSetting(shop.app, 'n8n_webhook_url', workflow.url);
      const order = await createOrder(shop.app, alice.cookie, robot.id);
      workflow.answer = { status: 200, body: { PayUrl: 'https://pay.example.com/first', payment_id: 'first' } };
      await call('POST', `/api/orders/${order.id}/payment`, alice.cookie);
      expect(
        (await paymentCallback(shop.app, { order_id: order.id, status: 'expired', payment_id: 'first' })).statusCode,
      ).toBe(200);
      workflow.answer = { status: 200, body: { PayUrl: 'https://pay.example.com/second', payment_id: 'second' } };
      const retried = await call('POST', `/api/orders/${order.id}/payment`, alice.cookie);
      expect(retried.json()).toEqual({
        pay_url: 'https://pay.example.com/second',
        order_id: order.id,
        payment_id: 'second',
      });
      expect((await call('GET', `/api/orders/${order.id}`, alice.cookie)).json().status).toBe('pending_payment');
      await paymentCallback(shop.app, { order_id: order.id, status: 'paid', payment_id: 'second' });
      const paid = await call('POST', `/api/orders/${order.id}/payment`, alice.cookie);
      expect(paid.statusCode).toBe(409);
    });
  });

  describe('downloads', () => {
    async function deliveredOrder(content = robotZip()) {
      const order = await createOrder(shop.app, alice.cookie, robot.id);
      await paymentCallback(shop.app, { order_id: order.id, status: 'paid' });
      const uploaded = await uploadRobotFile(shop.app, admin, order.id, 'Golden Robot é.zip', content);
      expect(uploaded.statusCode).toBe(200);
      return order;
    }

    it('refuses before delivery', async () => {
      const order = await createOrder(shop.app, alice.cookie, robot.id);
      const response = await call('POST', `/api/orders/${order.id}/download`, alice.cookie);
      expect(response.statusCode).toBe(409);
      expect(response.json().error.code).toBe('file_unavailable');
    });

    it('issues exactly two links for fifty parallel requests, and records each download', async () => {
      const order = await deliveredOrder();
      const responses = await Promise.all(
        Array.from({ length: 50 }, () =>
          call('POST', `/api/orders/${order.id}/download`, alice.cookie, undefined, { 'user-agent': 'DownloadTest/1' }),
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
      expect((await call('GET', `/api/orders/${order.id}`, alice.cookie)).json()).toMatchObject({
        download_count: 2,
        downloads_remaining: 0,
      });
    });

    it('streams the file under its original name without a session, for an hour; altered or expired links are refused', async () => {
      const content = zipArchive([{ name: 'robot.mq4', content: Buffer.from('#property strict\n'.repeat(1000)) }]);
      const order = await deliveredOrder(content);
      const link = (await call('POST', `/api/orders/${order.id}/download`, alice.cookie)).json<{
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
        .selectFrom('orders')
        .select('file_path')
        .where('id', '=', order.id)
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
      const order = await createOrder(shop.app, alice.cookie, robot.id);
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
