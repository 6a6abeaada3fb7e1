import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAME_ORIGIN } from '../../../../tests/support/sessions.js';
import { createTestApp, testDialects, type TestApp } from '../../../../tests/support/test-app.js';
import { newsletterEmails } from './newsletter-emails.js';

/**
 * The unsubscribe link of the newsletter: mail scanners follow every link of a message, so a
 * GET only shows a page with a button; the button's POST, or a mail client's RFC 8058 one-click
 * POST, unsubscribes. The token in the address is the authority.
 */
describe.each(testDialects)('unsubscribing from the newsletter on %s', (dialect) => {
  let shop: TestApp;
  let readers = 0;
  beforeAll(async () => {
    shop = await createTestApp(dialect);
  });
  afterAll(() => shop.close());

  async function newSubscriber(): Promise<{ email: string; token: string }> {
    readers += 1;
    const email = `reader${readers}@example.com`;
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/newsletter/subscribe',
      headers: SAME_ORIGIN,
      payload: { email },
      remoteAddress: `10.1.0.${readers}`,
    });
    expect(response.statusCode).toBe(201);
    const row = await shop.app.database.db
      .selectFrom('newsletter_subscribers')
      .select('unsubscribe_token')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    return { email, token: row.unsubscribe_token };
  }

  const subscribed = async (email: string) =>
    (await shop.app.database.db
      .selectFrom('newsletter_subscribers')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirst()) !== undefined;

  const formOf = (html: string) => /<form method="post" action="([^"]+)">/.exec(html)?.[1]?.replaceAll('&amp;', '&');

  it('shows a page with a button on GET, and a scanner following the link unsubscribes nobody', async () => {
    const reader = await newSubscriber();
    const url = `/unsubscribe?token=${reader.token}`;
    const page = await shop.app.inject({ url, headers: { 'accept-language': 'en' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('Unsubscribe from the newsletter?');
    expect(page.body).toMatch(/<button type="submit">Unsubscribe<\/button>/);
    expect(formOf(page.body)).toBe(url);
    // A scanner fetches, prefetches and checks the head: the reader stays subscribed.
    await shop.app.inject({ url });
    await shop.app.inject({ method: 'HEAD', url });
    expect(await subscribed(reader.email)).toBe(true);

    const french = await shop.app.inject({ url, headers: { 'accept-language': 'fr-FR,fr;q=0.9' } });
    expect(french.body).toContain('<html lang="fr">');
    expect(french.body).toContain('Se désabonner de la newsletter ?');
    expect(french.body).toMatch(/<button type="submit">Se désabonner<\/button>/);
    expect(await subscribed(reader.email)).toBe(true);
  });

  it('unsubscribes when the page form is sent, once', async () => {
    const reader = await newSubscriber();
    const page = await shop.app.inject({ url: `/unsubscribe?token=${reader.token}` });
    // The browser posts the form from the shop's own page: its Origin is the shop's.
    const sent = await shop.app.inject({
      method: 'POST',
      url: formOf(page.body)!,
      headers: { ...SAME_ORIGIN, 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      payload: '',
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toContain('You are unsubscribed');
    expect(await subscribed(reader.email)).toBe(false);

    const again = await shop.app.inject({
      method: 'POST',
      url: formOf(page.body)!,
      headers: { ...SAME_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(again.statusCode).toBe(404);
    expect(again.body).toContain('Link not valid');
  });

  it("unsubscribes on a mail client's RFC 8058 one-click POST (no cookie, no Origin)", async () => {
    const reader = await newSubscriber();
    const message = newsletterEmails(shop.config.publicUrl).campaignMessage(
      { id: 'c-1', title: 'News', content: '<p>Hello</p>' },
      reader.email,
      'subscriber-1',
      reader.token,
      'TradeBot Store',
    );
    expect(message.headers).toEqual({
      'List-Unsubscribe': `<${shop.config.publicUrl}/unsubscribe?token=${reader.token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    const target = new URL(message.headers!['List-Unsubscribe']!.slice(1, -1));
    const oneClick = await shop.app.inject({
      method: 'POST',
      url: target.pathname + target.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(await subscribed(reader.email)).toBe(false);
  });

  it('shows no button for a link that is not valid, and a form from another site changes nothing', async () => {
    const unknown = await shop.app.inject({ url: '/unsubscribe?token=not-a-token' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('Link not valid');
    expect(formOf(unknown.body)).toBeUndefined();
    expect((await shop.app.inject({ url: '/unsubscribe' })).statusCode).toBe(404);

    const reader = await newSubscriber();
    const forged = await shop.app.inject({
      method: 'POST',
      url: `/unsubscribe?token=${reader.token}`,
      headers: { origin: 'https://elsewhere.example', 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(forged.statusCode).toBe(403);
    expect(await subscribed(reader.email)).toBe(true);
  });
});
