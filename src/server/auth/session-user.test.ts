import { executionAsyncId } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newClient } from '../../../tests/support/factories.js';
import { createTestApp, testDialects, type TestApp } from '../../../tests/support/test-app.js';
import { verifiedSessionToken } from './session-user.js';

/**
 * Whether the process tracks promises: an enabled AsyncLocalStorage turns promise hooks on, and a
 * promise's callback then runs under an async id of its own instead of none.
 */
async function promiseHooksOn(): Promise<boolean> {
  return (await Promise.resolve().then(() => executionAsyncId())) !== 0;
}

describe.each(testDialects)('the session of a request on %s', (dialect) => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await createTestApp(dialect, { STATS_REFRESH_SECONDS: '0' });
  });
  afterAll(() => shop.close());

  const me = (cookie: string) => shop.app.inject({ url: '/api/me', headers: { cookie } });

  it('reads the user from a signed cookie, and refuses an altered one', async () => {
    const client = await newClient(shop.app);
    expect((await me(client.cookie)).json()).toMatchObject({ email: client.email, role: 'client' });
    const altered = client.cookie.replace(
      /session_token=([^;]{4})/,
      (_match, start: string) => `session_token=${start === 'AAAA' ? 'BBBB' : 'AAAA'}`,
    );
    expect((await me(altered)).statusCode).toBe(401);
    expect(verifiedSessionToken('better-auth.session_token=abc.not-a-signature', shop.config.authSecret!)).toBeNull();
  });

  it('applies a role change and a sign-out to the very next request', async () => {
    const client = await newClient(shop.app);
    await shop.app.database.db.updateTable('users').set({ role: 'admin' }).where('id', '=', client.id).execute();
    expect((await me(client.cookie)).json().isAdmin).toBe(true);
    await client.post('/api/auth/sign-out');
    expect((await me(client.cookie)).statusCode).toBe(401);
  });

  it('refuses an expired session, and leaves one due for its daily extension to better-auth', async () => {
    const client = await newClient(shop.app);
    const setExpiry = (ms: number) =>
      shop.app.database.db
        .updateTable('sessions')
        .set({ expires_at: new Date(ms).toISOString() })
        .where('user_id', '=', client.id)
        .execute();
    await setExpiry(Date.now() + 5 * 86_400_000);
    expect((await me(client.cookie)).statusCode).toBe(200);
    await setExpiry(Date.now() - 1000);
    expect((await me(client.cookie)).statusCode).toBe(401);
  });

  it("leaves no promise hooks on once better-auth's calls are over (sign-up, sign-in, a session's extension)", async () => {
    const client = await newClient(shop.app);
    expect(await promiseHooksOn()).toBe(false);
    await shop.app.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() + 5 * 86_400_000).toISOString() })
      .where('user_id', '=', client.id)
      .execute();
    expect((await me(client.cookie)).statusCode).toBe(200);
    expect(await promiseHooksOn()).toBe(false);
  });
});
