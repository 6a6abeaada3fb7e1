import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../../config.js';
import { openDatabase, type DatabaseHandle } from '../../db/database.js';
import { startFakeSmtpServer, type FakeSmtpServer } from '../../../../tests/support/fake-smtp-server.js';
import { insertSubscribers } from '../../../../tests/support/newsletter-subscribers.js';
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
    const smtp: FakeSmtpServer = await startFakeSmtpServer();
    cleanups.push(() => smtp.close());
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tradebot-resume-'));
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
      NEWSLETTER_SEND_RATE: '400',
      REQUIRE_EMAIL_VERIFICATION: 'false',
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      AUTH_SECRET: randomBytes(32).toString('hex'),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    };

    const first = serve(env);
    await waitForHealth(port, first);
    const database: DatabaseHandle = await openDatabase(parseConfig(env).database);
    cleanups.push(() => database.close());
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

    const second = serve(env);
    await waitForHealth(port, second);
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
