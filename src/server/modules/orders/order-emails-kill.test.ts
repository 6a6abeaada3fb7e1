import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../../config.js';
import { openDatabase, type DatabaseHandle } from '../../db/database.js';
import { startFakeSmtpServer, type FakeSmtpServer } from '../../../../tests/support/fake-smtp-server.js';
import { multipartFile, orderBody, WORKFLOW_SECRET } from '../../../../tests/support/orders.js';
import { freePort, startTs, waitFor, waitForHealth, type Started } from '../../../../tests/support/processes.js';
import { createPostgresDatabase, TEST_ADMIN, testDialects } from '../../../../tests/support/test-app.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function serve(env: Record<string, string>): Started {
  const started = startTs('src/server/main.ts', env);
  cleanups.push(() => {
    if (started.child.exitCode === null) started.child.kill('SIGKILL');
  });
  return started;
}

describe.each(testDialects)('order emails on %s survive kill -9 of the server', (dialect) => {
  it('sends each email pending at the kill exactly once after a restart', { timeout: 180_000 }, async () => {
    const smtp: FakeSmtpServer = await startFakeSmtpServer();
    cleanups.push(() => smtp.close());
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tradebot-outbox-kill-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const postgres = dialect === 'postgres' ? await createPostgresDatabase() : null;
    if (postgres) cleanups.push(() => postgres.drop());
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const env = {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      SMTP_URL: smtp.url,
      REQUIRE_EMAIL_VERIFICATION: 'false',
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      AUTH_SECRET: randomBytes(32).toString('hex'),
      STATS_REFRESH_SECONDS: '0',
      LOG_LEVEL: 'warn',
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    };
    const client = { email: 'killed-while-mailing@example.com', password: 'client-password-1', name: 'Kim Client' };

    const first = serve(env);
    await waitForHealth(port, first);
    const database: DatabaseHandle = await openDatabase(parseConfig(env).database);
    cleanups.push(() => database.close());
    await database.db
      .updateTable('settings')
      .set({ value: WORKFLOW_SECRET })
      .where('key', '=', 'n8n_secret_token')
      .execute();
    const robot = await database.db
      .selectFrom('robots')
      .select('id')
      .where('status', '=', 'active')
      .executeTakeFirstOrThrow();

    const call = async (method: string, url: string, headers: Record<string, string>, body?: string | Buffer) => {
      const response = await fetch(`${origin}${url}`, { method, headers: { origin, ...headers }, body });
      expect(response.status, `${method} ${url}: ${await response.clone().text()}`).toBeLessThan(300);
      return response;
    };
    const json = { 'content-type': 'application/json' };
    const cookieOf = (response: Response) =>
      response.headers
        .getSetCookie()
        .map((cookie) => cookie.split(';')[0])
        .join('; ');
    await call('POST', '/api/auth/sign-up/email', json, JSON.stringify(client));
    const clientCookie = cookieOf(
      await call(
        'POST',
        '/api/auth/sign-in/email',
        json,
        JSON.stringify({ email: client.email, password: client.password }),
      ),
    );
    const adminCookie = cookieOf(await call('POST', '/api/auth/sign-in/email', json, JSON.stringify(TEST_ADMIN)));
    // The sign-up's address confirmation is mailed directly, not through the outbox: let it
    // arrive first, so that the message the server holds below is an order email.
    await waitFor(() => (smtp.messages.some((mail) => mail.to.includes(client.email)) ? true : undefined));
    const before = smtp.messages.length;

    // The mail server takes the first order email and never answers it: the sender waits on it
    // while the payment and the delivery write three more emails behind it.
    const held = smtp.holdNext();
    const order = (await (
      await call('POST', '/api/orders', { ...json, cookie: clientCookie }, JSON.stringify(orderBody(robot.id)))
    ).json()) as { id: string };
    await held;
    await call(
      'POST',
      '/api/hooks/payment',
      { ...json, 'x-secret-token': WORKFLOW_SECRET },
      JSON.stringify({ order_id: order.id, status: 'paid' }),
    );
    const file = multipartFile('robot.mq5', Buffer.from('// expert advisor'));
    await call('PUT', `/api/admin/orders/${order.id}/file`, { ...file.headers, cookie: adminCookie }, file.payload);

    const emails = () =>
      database.db
        .selectFrom('email_outbox')
        .select(['kind', 'recipient', 'message_id', 'attempts', 'sent_at'])
        .where('order_id', '=', order.id)
        .orderBy('created_at')
        .orderBy('kind')
        .execute();
    const pending = await emails();
    expect(pending.map((email) => [email.kind, email.recipient, email.attempts, email.sent_at])).toEqual([
      ['order-received', client.email, 1, null],
      ['order-paid', client.email, 0, null],
      ['order-paid-administrator', TEST_ADMIN.email, 0, null],
      ['order-delivered', client.email, 0, null],
    ]);

    first.child.kill('SIGKILL');
    await first.exited;
    expect(smtp.messages.slice(before)).toEqual([]);

    const second = serve(env);
    await waitForHealth(port, second);
    // Waits on the outbox's state: the three emails never tried leave at the start, the one in
    // flight at the kill after its retry delay.
    await waitFor(async () => ((await emails()).every((email) => email.sent_at !== null) ? true : undefined), 90_000);

    const arrived = smtp.messages.slice(before);
    for (const email of pending) {
      const copies = arrived.filter((mail) => mail.headers['message-id'] === email.message_id);
      expect(
        copies.map((mail) => mail.to),
        email.kind,
      ).toEqual([[email.recipient]]);
    }
    expect(arrived).toHaveLength(pending.length);
    expect((await emails()).map((email) => email.attempts)).toEqual([2, 1, 1, 1]);

    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });
});
