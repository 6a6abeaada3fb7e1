import { afterEach, describe, expect, it } from 'vitest';
import { multipartFile, orderBody, WORKFLOW_SECRET } from '../../../../tests/support/orders.js';
import { startProcessShop, type ProcessShop } from '../../../../tests/support/process-shop.js';
import { waitFor } from '../../../../tests/support/processes.js';
import { TEST_ADMIN, testDialects } from '../../../../tests/support/test-app.js';

let shop: ProcessShop | undefined;
afterEach(async () => {
  await shop?.close();
  shop = undefined;
});

describe.each(testDialects)('order emails on %s survive kill -9 of the server', (dialect) => {
  it('sends each email pending at the kill exactly once after a restart', { timeout: 180_000 }, async () => {
    shop = await startProcessShop(dialect, { STATS_REFRESH_SECONDS: '0' });
    const { origin, smtp } = shop;
    const client = { email: 'killed-while-mailing@example.com', password: 'client-password-1', name: 'Kim Client' };

    const first = await shop.serve();
    const database = await shop.database();
    await database.db
      .updateTable('settings')
      .set({ value: WORKFLOW_SECRET })
      .where('key', '=', 'n8n_secret_token')
      .execute();
    const robot = await database.db
      .selectFrom('robots')
      .select('id')
      .where('status', '=', 'active')
      // Delivered per order: the owner's upload below is its delivery (the demo's automatic robots deliver at payment).
      .where('delivery', '=', 'per_order')
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

    const second = await shop.serve();
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
