import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withShop, type Shop } from '../../../tests/support/shop.js';
import { testDialects } from '../../../tests/support/test-app.js';

describe.each(testDialects)('GET /api/session on %s', (dialect) => {
  let shop: Shop;

  beforeAll(async () => {
    shop = await withShop(dialect);
  });
  afterAll(() => shop.close());

  it('answers a visitor 200 with no user (a 401 would be an error in every visitor’s console)', async () => {
    const response = await shop.anonymous.get('/api/session');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: null });
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('answers the signed-in user as /api/me does', async () => {
    for (const who of [shop.client, shop.admin]) {
      const session = await who.get('/api/session');
      expect(session.statusCode).toBe(200);
      expect(session.json()).toEqual({ user: (await who.get('/api/me')).json() });
    }
    expect((await shop.admin.get('/api/session')).json().user).toMatchObject({ id: shop.admin.id, isAdmin: true });
  });

  it('answers no user for a session that has ended', async () => {
    const client = await shop.newClient();
    expect((await client.post('/api/auth/sign-out', {})).statusCode).toBe(200);
    expect((await client.get('/api/session')).json()).toEqual({ user: null });
  });
});
