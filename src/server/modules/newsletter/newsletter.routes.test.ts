import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAME_ORIGIN } from '../../../../tests/support/sessions.js';
import { createTestApp, testDialects, type TestApp } from '../../../../tests/support/test-app.js';

describe.each(testDialects)('newsletter subscription on %s', (dialect) => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await createTestApp(dialect);
  });
  afterAll(() => shop.close());

  const subscribe = (email: unknown, ip = '127.0.0.1') =>
    shop.app.inject({
      method: 'POST',
      url: '/api/newsletter/subscribe',
      headers: SAME_ORIGIN,
      payload: { email },
      remoteAddress: ip,
    });

  it('subscribes an address with its own random unsubscribe token', async () => {
    expect((await subscribe('reader@example.com')).statusCode).toBe(201);
    expect((await subscribe('other@example.com')).statusCode).toBe(201);
    const rows = await shop.app.database.db.selectFrom('newsletter_subscribers').selectAll().execute();
    expect(rows).toHaveLength(2);
    expect(rows[0]!.unsubscribe_token).not.toBe(rows[1]!.unsubscribe_token);
    expect(rows[0]!.unsubscribe_token.length).toBeGreaterThanOrEqual(32);
  });

  it('answers 409 to an address already subscribed in any letter case', async () => {
    const response = await subscribe('READER@Example.COM', '10.0.0.2');
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('conflict');
  });

  it('answers 400 to something that is not an email address', async () => {
    const response = await subscribe('not-an-email', '10.0.0.3');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty('body.email');
  });

  it('unsubscribes through the token link and shows a confirmation page', async () => {
    const row = await shop.app.database.db
      .selectFrom('newsletter_subscribers')
      .selectAll()
      .where('email', '=', 'reader@example.com')
      .executeTakeFirstOrThrow();
    // The link's page asks first (newsletter-unsubscribe.routes.test.ts); its button POSTs to the link.
    const page = await shop.app.inject({
      method: 'POST',
      url: `/unsubscribe?token=${row.unsubscribe_token}`,
      headers: { ...SAME_ORIGIN, 'accept-language': 'fr' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Vous êtes désabonné');
    const left = await shop.app.database.db.selectFrom('newsletter_subscribers').select('email').execute();
    expect(left.map((subscriber) => subscriber.email)).toEqual(['other@example.com']);
    const again = await shop.app.inject({
      method: 'POST',
      url: `/unsubscribe?token=${row.unsubscribe_token}`,
      headers: SAME_ORIGIN,
    });
    expect(again.statusCode).toBe(404);
    expect(again.body).toContain('Link not valid');
  });

  it('rate-limits subscriptions per client', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++)
      statuses.push((await subscribe(`burst${attempt}@example.com`, '10.9.9.9')).statusCode);
    expect(statuses.slice(0, 5)).toEqual([201, 201, 201, 201, 201]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });
});
