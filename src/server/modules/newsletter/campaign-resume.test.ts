import { afterEach, describe, expect, it } from 'vitest';
import { insertSubscribers } from '../../../../tests/support/newsletter-subscribers.js';
import { startProcessShop, type ProcessShop } from '../../../../tests/support/process-shop.js';
import { waitFor } from '../../../../tests/support/processes.js';
import { TEST_ADMIN, testDialects } from '../../../../tests/support/test-app.js';

let shop: ProcessShop | undefined;
afterEach(async () => {
  await shop?.close();
  shop = undefined;
});

async function signInOverHttp(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: TEST_ADMIN.email, password: TEST_ADMIN.password }),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

describe.each(testDialects)('an email campaign on %s survives kill -9 of the server', (dialect) => {
  it('delivers the rest after a restart, nobody twice', { timeout: 180_000 }, async () => {
    shop = await startProcessShop(dialect, { NEWSLETTER_SEND_RATE: '400', SEED_DEMO: 'false' });
    const { origin, smtp } = shop;

    const first = await shop.serve();
    const database = await shop.database();
    await insertSubscribers(database.db, 1000);

    const cookie = await signInOverHttp(origin);
    const response = await fetch(`${origin}/api/admin/newsletter/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, cookie },
      body: JSON.stringify({ title: 'Interrupted', content: '<p>Still only once</p>', recipients: 'all' }),
    });
    expect(response.status).toBe(202);

    // Half-way, the server dies while the SMTP server holds back its answer to one message: that
    // message was never accepted, so it must be sent again, and only it.
    await waitFor(() => (smtp.messages.length >= 500 ? true : undefined), 60_000);
    await smtp.holdNext();
    first.child.kill('SIGKILL');
    await first.exited;
    const deliveredBefore = smtp.messages.length;
    expect(deliveredBefore).toBeLessThan(1000);
    const recorded = await database.db
      .selectFrom('newsletter_deliveries')
      .select('status')
      .where('status', '=', 'sent')
      .execute();
    expect(recorded).toHaveLength(deliveredBefore);

    const second = await shop.serve();
    await waitFor(async () => {
      const campaign = await database.db.selectFrom('newsletter_campaigns').select('status').executeTakeFirst();
      return campaign?.status === 'sent' ? true : undefined;
    }, 120_000);

    expect(smtp.messages).toHaveLength(1000);
    const recipients = smtp.messages.map((mail) => mail.to[0]);
    expect(new Set(recipients).size).toBe(1000);
    expect(new Set(recipients)).toEqual(new Set(Array.from({ length: 1000 }, (_, n) => `sub-${n}@example.com`)));
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });
});
