import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CampaignSummary } from '../../../shared/schemas/newsletter.js';
import { buildApp } from '../../app.js';
import { startFakeSmtpServer, type FakeSmtpServer } from '../../../../tests/support/fake-smtp-server.js';
import { insertSubscribers } from '../../../../tests/support/newsletter-subscribers.js';
import { waitFor } from '../../../../tests/support/processes.js';
import { signInAdmin, type SignedInUser } from '../../../../tests/support/factories.js';
import { createTestApp, testDialects, type TestApp } from '../../../../tests/support/test-app.js';

describe.each(testDialects)('newsletter campaigns sent directly by email on %s', (dialect) => {
  let smtp: FakeSmtpServer;
  let shop: TestApp;
  let admin: SignedInUser;

  const send = (payload: object) => admin.post('/api/admin/newsletter/send', payload);
  const campaigns = async () => (await admin.get('/api/admin/newsletter/campaigns')).json<CampaignSummary[]>();
  const finished = (id: string) =>
    waitFor(
      async () => (await campaigns()).find((campaign) => campaign.id === id && campaign.status === 'sent'),
      60_000,
    );

  beforeAll(async () => {
    smtp = await startFakeSmtpServer();
    shop = await createTestApp(dialect, {
      SMTP_URL: smtp.url,
      NEWSLETTER_SEND_RATE: '10000',
      REQUIRE_EMAIL_VERIFICATION: 'false',
    });
    admin = await signInAdmin(shop.app);
  });
  afterAll(async () => {
    await shop.close();
    await smtp.close();
  });
  beforeEach(async () => {
    smtp.messages.length = 0;
    await shop.app.database.db.deleteFrom('newsletter_subscribers').execute();
  });

  it('delivers 1,000 subscribers exactly one message each, each with its own working one-click unsubscribe', async () => {
    await insertSubscribers(shop.app.database.db, 1000);
    const tokens = new Map(
      (
        await shop.app.database.db.selectFrom('newsletter_subscribers').select(['email', 'unsubscribe_token']).execute()
      ).map((row) => [row.email, row.unsubscribe_token]),
    );

    const response = await send({
      title: 'Monthly robots',
      content: '<p>Hello <strong>traders</strong></p>',
      recipients: 'all',
    });
    expect(response.statusCode).toBe(202);
    const { campaign } = response.json<{ campaign: CampaignSummary }>();
    expect(campaign).toMatchObject({ channel: 'email', status: 'sending', recipients: 1000 });
    expect(await finished(campaign.id)).toMatchObject({ sent: 1000, failed: 0, skipped: 0, remaining: 0 });

    expect(smtp.messages).toHaveLength(1000);
    const recipients = smtp.messages.map((mail) => mail.to.join());
    expect(new Set(recipients).size).toBe(1000);
    expect(new Set(smtp.messages.map((mail) => mail.headers['message-id'])).size).toBe(1000);
    for (const mail of smtp.messages) {
      const to = mail.to[0]!;
      const url = `http://localhost:3000/unsubscribe?token=${tokens.get(to)}`;
      expect(mail.headers['list-unsubscribe']).toBe(`<${url}>`);
      expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      expect(mail.headers.subject).toBe('Monthly robots | TradeBot Store');
      expect(mail.raw.replace(/=\r?\n/g, '')).toContain(url.replace('=', '=3D'));
    }

    // RFC 8058: the mail client POSTs List-Unsubscribe=One-Click to the link, without cookies or Origin.
    for (const [index, mail] of smtp.messages.entries()) {
      const url = mail.headers['list-unsubscribe']!.slice(1, -1).replace('http://localhost:3000', '');
      const answer = await shop.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
        remoteAddress: `10.20.${Math.floor(index / 250)}.${index % 250}`,
      });
      expect(answer.statusCode).toBe(200);
    }
    expect(await shop.app.database.db.selectFrom('newsletter_subscribers').select('id').execute()).toEqual([]);
  });

  it('marks a recipient the server refuses as failed and still delivers the others', async () => {
    await insertSubscribers(shop.app.database.db, 5);
    smtp.rejected.add('sub-2@example.com');
    const response = await send({ title: 'Refused', content: '<p>x</p>', recipients: 'all' });
    const { campaign } = response.json<{ campaign: CampaignSummary }>();
    expect(await finished(campaign.id)).toMatchObject({ recipients: 5, sent: 4, failed: 1, remaining: 0 });
    expect(smtp.messages.map((mail) => mail.to[0]).sort()).toEqual([
      'sub-0@example.com',
      'sub-1@example.com',
      'sub-3@example.com',
      'sub-4@example.com',
    ]);
    smtp.rejected.clear();
  });

  it('sends only to the ticked subscribers, and templates the newsletter', async () => {
    const ids = await insertSubscribers(shop.app.database.db, 4);
    const response = await send({ title: 'Chosen', content: '<p>x</p>', recipients: [ids[1], ids[3]] });
    const { campaign, template } = response.json<{ campaign: CampaignSummary; template: { title: string } }>();
    expect(template.title).toBe('Chosen');
    await finished(campaign.id);
    expect(smtp.messages.map((mail) => mail.to[0]).sort()).toEqual(['sub-1@example.com', 'sub-3@example.com']);
  });
});

// Several instances share only a PostgreSQL database (SQLite allows one process per DATA_DIR).
describe.each(testDialects.filter((dialect) => dialect === 'postgres'))('several instances on %s', (dialect) => {
  let smtp: FakeSmtpServer;
  let shop: TestApp;
  let second: Awaited<ReturnType<typeof buildApp>> | undefined;

  beforeAll(async () => {
    smtp = await startFakeSmtpServer();
    shop = await createTestApp(dialect, {
      SMTP_URL: smtp.url,
      NEWSLETTER_SEND_RATE: '2000',
      REQUIRE_EMAIL_VERIFICATION: 'false',
    });
  });
  afterEach(async () => {
    await second?.close();
  });
  afterAll(async () => {
    await shop.close();
    await smtp.close();
  });

  it('sends a campaign from exactly one of them', async () => {
    second = await buildApp(shop.config, { logger: false, webRoot: shop.dataDir });
    await insertSubscribers(shop.app.database.db, 300);
    const admin = await signInAdmin(shop.app);
    const response = await admin.post('/api/admin/newsletter/send', {
      title: 'Shared',
      content: '<p>x</p>',
      recipients: 'all',
    });
    expect(response.statusCode).toBe(202);
    // Both instances look for work: the one that created the campaign at once, the other now.
    second.campaignSender.wake();
    await waitFor(
      async () =>
        (await second!.inject({ url: '/api/admin/newsletter/campaigns', headers: { cookie: admin.cookie } })).json<
          CampaignSummary[]
        >()[0]?.status === 'sent'
          ? true
          : undefined,
      60_000,
    );
    expect(smtp.messages).toHaveLength(300);
    expect(new Set(smtp.messages.map((mail) => mail.to[0])).size).toBe(300);
  });
});
