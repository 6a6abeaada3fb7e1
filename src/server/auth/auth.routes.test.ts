import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN, testDialects, type TestApp } from '../../../tests/support/test-app.js';
import { readOutbox } from '../../../tests/support/outbox.js';
import { cookieFrom, SAME_ORIGIN, signIn, signUp } from '../../../tests/support/sessions.js';
import { withShop, type Shop } from '../../../tests/support/shop.js';
import { saveSettings } from '../../../tests/support/settings.js';

describe.each(testDialects)('accounts on %s', (dialect) => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await withShop(dialect);
  });
  afterAll(() => shop.close());

  it('signs up a client with its full name, sends a verification email, and signs in', async () => {
    const response = await signUp(shop.app, { email: 'Jane@Example.com', password: 'secret1', name: 'Jane Trader' });
    expect(response.statusCode).toBe(200);
    const row = await shop.app.database.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'jane@example.com')
      .executeTakeFirstOrThrow();
    expect(row.full_name).toBe('Jane Trader');
    expect(row.role).toBe('client');
    expect(row.email_verified).toBe(false);

    const mail = readOutbox(shop.dataDir).find((message) => message.to.includes('jane@example.com'));
    expect(mail?.text).toContain('/api/auth/verify-email?token=');

    const cookie = await signIn(shop.app, 'jane@example.com', 'secret1');
    const me = await shop.app.inject({ url: '/api/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: 'jane@example.com',
      full_name: 'Jane Trader',
      role: 'client',
      isAdmin: false,
    });
    expect(me.json().created_date).toMatch(/Z$/);
  });

  it('writes account emails with the shop’s name and in the language the visitor uses', async () => {
    await saveSettings(shop.app, { site_name: 'Robots Dupont' });
    const french = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { ...SAME_ORIGIN, 'accept-language': 'en-US;q=0.5, fr-FR', cookie: 'lang=fr' },
      payload: { email: 'amelie@example.com', password: 'secret12', name: 'Amélie' },
    });
    expect(french.statusCode).toBe(200);
    const mail = readOutbox(shop.dataDir).find((message) => message.to.includes('amelie@example.com'))!;
    expect(mail.subject).toBe('Confirmez votre adresse email | Robots Dupont');
    expect(mail.text).toContain('Robots Dupont');
    expect(mail.text).not.toContain('localhost:3000!');
    expect(mail.text).not.toContain('Welcome');

    await shop.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { ...SAME_ORIGIN, 'accept-language': 'en-GB' },
      payload: { email: 'bob@example.com', password: 'secret12', name: 'Bob' },
    });
    const english = readOutbox(shop.dataDir).find((message) => message.to.includes('bob@example.com'))!;
    expect(english.subject).toBe('Confirm your email address | Robots Dupont');
    expect(english.text).toContain('Welcome to Robots Dupont!');
  });

  it('asks to confirm a new address with an email about the change, not about a new account', async () => {
    for (const [language, from, to] of [
      ['en', 'mover@example.com', 'mover-new@example.com'],
      ['fr', 'demenage@example.com', 'demenage-nouveau@example.com'],
    ] as const) {
      await signUp(shop.app, { email: from, password: 'secret12', name: 'Mover' });
      const cookie = await signIn(shop.app, from, 'secret12');
      const response = await shop.app.inject({
        method: 'POST',
        url: '/api/auth/change-email',
        headers: { ...SAME_ORIGIN, cookie: `${cookie}; lang=${language}` },
        payload: { newEmail: to, callbackURL: '/Account' },
      });
      expect(response.statusCode).toBe(200);
      const mail = readOutbox(shop.dataDir).find((message) => message.to.includes(to))!;
      expect(mail.text).toContain('/api/auth/verify-email?token=');
      expect(mail.text).not.toMatch(/Welcome|Bienvenue|create this account|créé ce compte/);
      if (language === 'en') {
        expect(mail.subject).toBe('Confirm your new email address | Robots Dupont');
        expect(mail.text).toContain('You asked to change the email address of your account to this one.');
        expect(mail.text).toContain('If you did not ask for this change, ignore this message.');
      } else {
        expect(mail.subject).toBe('Confirmez votre nouvelle adresse email | Robots Dupont');
        expect(mail.text).toContain("Vous avez demandé à remplacer l'adresse email de votre compte par celle-ci.");
        expect(mail.text).toContain("Si vous n'avez pas demandé ce changement, ignorez ce message.");
      }
    }
  });

  it('sets an HttpOnly, SameSite=Lax session cookie', async () => {
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: SAME_ORIGIN,
      payload: TEST_ADMIN,
    });
    const cookie = ([] as string[])
      .concat(response.headers['set-cookie'] ?? [])
      .find((value) => value.includes('session_token'));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
  });

  it('refuses a duplicate email, a short password and a wrong password', async () => {
    const duplicate = await signUp(shop.app, { email: 'jane@example.com', password: 'secret1', name: 'Other' });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().error.code).toBe('user_already_exists_use_another_email');
    const short = await signUp(shop.app, { email: 'short@example.com', password: '12345', name: 'Short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.code).toBe('password_too_short');
    const wrong = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: SAME_ORIGIN,
      payload: { email: 'jane@example.com', password: 'nope-nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toMatchObject({ code: 'invalid_email_or_password' });
  });

  it('cannot sign up as an administrator', async () => {
    await signUp(shop.app, {
      email: 'sneaky@example.com',
      password: 'secret1',
      name: 'Sneaky',
      role: 'admin',
    } as never);
    const row = await shop.app.database.db
      .selectFrom('users')
      .select('role')
      .where('email', '=', 'sneaky@example.com')
      .executeTakeFirst();
    expect(row?.role ?? 'client').toBe('client');
  });

  it('ends the session on the server at sign-out: the old cookie gets 401', async () => {
    const cookie = await signIn(shop.app, 'jane@example.com', 'secret1');
    const out = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { ...SAME_ORIGIN, cookie },
    });
    expect(out.statusCode).toBe(200);
    expect((await shop.app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(401);
  });

  it('answers 401 to /api/me without a session', async () => {
    const response = await shop.app.inject('/api/me');
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('unauthorized');
  });

  it('applies a role change to the very next request', async () => {
    const client = await shop.newClient();
    expect((await client.get('/api/admin/users')).statusCode).toBe(403);
    const change = await shop.admin.patch(`/api/admin/users/${client.id}`, { role: 'admin' });
    expect(change.statusCode).toBe(200);
    expect(change.json().role).toBe('admin');
    const me = await client.get('/api/me');
    expect(me.json()).toMatchObject({ role: 'admin', isAdmin: true });
    expect((await client.get('/api/admin/users')).statusCode).toBe(200);
  });

  it('refuses a change of one’s own role (403) and any role but client or admin (400)', async () => {
    const own = await shop.admin.patch(`/api/admin/users/${shop.admin.id}`, { role: 'client' });
    expect(own.statusCode).toBe(403);
    expect(own.json().error.message).toBe('You cannot change your own role.');
    const client = await shop.newClient();
    for (const role of ['user', 'root', '', null]) {
      const bad = await shop.admin.patch(`/api/admin/users/${client.id}`, { role });
      expect(bad.statusCode).toBe(400);
    }
    const missing = await shop.admin.patch('/api/admin/users/nobody', { role: 'admin' });
    expect(missing.statusCode).toBe(404);
  });

  it('lists users newest first for administrators', async () => {
    const users = (await shop.admin.get('/api/admin/users')).json<
      Array<{ email: string; created_date: string; role: string }>
    >();
    expect(users.map((user) => user.email)).toContain('jane@example.com');
    const dates = users.map((user) => user.created_date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(Object.keys(users[0]!).sort()).toEqual(['created_date', 'email', 'full_name', 'id', 'role']);
  });

  it('refuses cross-origin state changes even with a valid session', async () => {
    const client = await shop.newClient();
    const adminRoute = await shop.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${client.id}`,
      headers: { origin: 'https://evil.example', cookie: shop.admin.cookie },
      payload: { role: 'admin' },
    });
    expect(adminRoute.statusCode).toBe(403);
    const clientRoute = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { origin: 'https://evil.example', cookie: client.cookie },
    });
    expect(clientRoute.statusCode).toBe(403);
    const fetchMetadata = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { 'sec-fetch-site': 'cross-site', cookie: client.cookie },
    });
    expect(fetchMetadata.statusCode).toBe(403);
    expect((await shop.app.inject({ url: '/api/me', headers: { cookie: client.cookie } })).statusCode).toBe(200);
  });

  it('refuses redirect targets off our site', async () => {
    for (const callbackURL of ['//evil.example', 'https://evil.example', '/\\evil.example']) {
      const response = await shop.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/social',
        headers: SAME_ORIGIN,
        payload: { provider: 'github', callbackURL },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toHaveProperty('callbackURL');
    }
  });

  it('lists no providers when none is configured', async () => {
    expect((await shop.app.inject('/api/auth/providers')).json()).toEqual({ providers: [] });
  });
});

describe('sign-in rate limit and providers', () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await createTestApp('sqlite', {
      TRUST_PROXY: 'false',
      AUTH_RATE_LIMIT: '10',
      GITHUB_CLIENT_ID: 'id',
      GITHUB_CLIENT_SECRET: 'secret',
      LINKEDIN_CLIENT_ID: 'id',
      LINKEDIN_CLIENT_SECRET: 'secret',
      GOOGLE_CLIENT_ID: 'only-the-id',
    });
  });
  afterAll(() => shop.close());

  it('lists the providers whose id and secret are both set, LinkedIn under its interface name', async () => {
    expect((await shop.app.inject('/api/auth/providers')).json()).toEqual({ providers: ['github', 'linkedin_oidc'] });
  });

  it('starts a provider sign-in with a redirect to the provider', async () => {
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: SAME_ORIGIN,
      payload: { provider: 'github', callbackURL: '/Dashboard' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().url).toMatch(/^https:\/\/github\.com\/login\/oauth\/authorize\?/);
  });

  it('answers a burst of wrong passwords with 429, whatever X-Forwarded-For says', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 15; attempt++) {
      const response = await shop.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { ...SAME_ORIGIN, 'x-forwarded-for': `10.0.0.${attempt}` },
        payload: { email: TEST_ADMIN.email, password: 'wrong-password' },
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.json().error.code).toBe('rate_limited');
        expect(response.headers['retry-after']).toBeDefined();
      }
    }
    // The earlier social sign-in counted against the same limit of 10 a minute.
    const firstLimited = statuses.indexOf(429);
    expect(firstLimited).toBeGreaterThan(0);
    expect(firstLimited).toBeLessThanOrEqual(10);
    expect(statuses.slice(0, firstLimited).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(firstLimited).every((status) => status === 429)).toBe(true);
  });
});

describe('a shop reached under another host name than PUBLIC_URL', () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await createTestApp('sqlite');
  });
  afterAll(() => shop.close());

  it('signs in from the host the browser used', async () => {
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000' },
      payload: TEST_ADMIN,
    });
    expect(response.statusCode).toBe(200);
  });

  it('still refuses another site', async () => {
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { host: '127.0.0.1:3000', origin: 'http://evil.example' },
      payload: TEST_ADMIN,
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('a shop served over https', () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await createTestApp('sqlite', { PUBLIC_URL: 'https://shop.example' });
  });
  afterAll(() => shop.close());

  it('marks the session cookie Secure', async () => {
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { host: 'shop.example', origin: 'https://shop.example', 'x-forwarded-proto': 'https' },
      payload: TEST_ADMIN,
    });
    expect(response.statusCode).toBe(200);
    const cookie = ([] as string[])
      .concat(response.headers['set-cookie'] ?? [])
      .find((value) => value.includes('session_token'));
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });
});

/** Sends a request exactly as written, over a real socket: app.inject and fetch would normalise the path. */
function sendAsIs(
  origin: URL,
  method: string,
  pathAsWritten: string,
  body?: unknown,
): Promise<{ status: number; location: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const headers = body === undefined ? {} : { 'content-type': 'application/json', origin: SAME_ORIGIN.origin };
    const request = httpRequest(
      { host: origin.hostname, port: origin.port, method, path: pathAsWritten, headers },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () =>
          resolve({ status: response.statusCode!, location: response.headers.location, body: text }),
        );
      },
    );
    request.on('error', reject);
    request.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

describe.each(testDialects)('auth rate limits and redirects against an attacker on %s', (dialect) => {
  let shop: TestApp;
  let origin: URL;
  beforeAll(async () => {
    shop = await createTestApp(dialect, { AUTH_RATE_LIMIT: '4' });
    origin = new URL(await shop.app.listen({ port: 0, host: '127.0.0.1' }));
  });
  afterAll(() => shop.close());

  it('refuses every spelling of a path that better-auth would rewrite, so none escapes its limit', async () => {
    const wrongPassword = { email: TEST_ADMIN.email, password: 'wrong-password' };
    for (const spelling of [
      '/api/auth/x/../sign-in/email',
      '/api/auth/sign-in/./email',
      '/api/auth/x/%2e%2e/sign-in/email',
      '/api/auth/x\\..\\sign-in/email',
      '/api/auth/sign-in/email/..//sign-in/email',
    ]) {
      for (let attempt = 0; attempt < 6; attempt++) {
        const response = await sendAsIs(origin, 'POST', spelling, wrongPassword);
        expect(response.status, spelling).toBe(400);
        expect(JSON.parse(response.body).error.message).toBe('This address is not written in its canonical form.');
      }
    }
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++)
      statuses.push((await sendAsIs(origin, 'POST', '/api/auth/sign-in/email', wrongPassword)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
  });

  it('counts every endpoint that checks a password against the sign-in budget', async () => {
    // Another client address than the test above, whose budget is spent.
    const remoteAddress = '10.0.0.2';
    const credentials = { email: 'limits@example.com', password: 'client-password-1' };
    await shop.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: SAME_ORIGIN,
      remoteAddress,
      payload: { ...credentials, name: 'Limits' },
    });
    const signedIn = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: SAME_ORIGIN,
      remoteAddress,
      payload: credentials,
    });
    const cookie = cookieFrom(signedIn.headers['set-cookie']);
    const checks = [
      {
        url: '/api/auth/change-password',
        payload: { currentPassword: 'wrong-password', newPassword: 'new-password-1' },
      },
      { url: '/api/auth/verify-password', payload: { password: 'wrong-password' } },
      { url: '/api/auth/delete-user', payload: { password: 'wrong-password' } },
      { url: '/api/auth/revoke-session', payload: { token: 'guess' } },
    ];
    const statuses: number[] = [];
    for (const { url, payload } of checks) {
      statuses.push(
        (await shop.app.inject({ method: 'POST', url, headers: { ...SAME_ORIGIN, cookie }, remoteAddress, payload }))
          .statusCode,
      );
    }
    // The sign-in spent one of the 4 attempts a minute; three more checks, then 429.
    expect(statuses.slice(0, 3).every((status) => status !== 429)).toBe(true);
    expect(statuses[3]).toBe(429);
  });

  it('limits emails sent and emailed tokens tried, whichever endpoint is used', async () => {
    const remoteAddress = '10.0.0.3';
    const tries = [
      () =>
        shop.app.inject({
          method: 'POST',
          url: '/api/auth/request-password-reset',
          headers: SAME_ORIGIN,
          remoteAddress,
          payload: { email: 'nobody@example.com', redirectTo: '/ResetPassword' },
        }),
      () =>
        shop.app.inject({
          method: 'POST',
          url: '/api/auth/send-verification-email',
          headers: SAME_ORIGIN,
          remoteAddress,
          payload: { email: 'nobody@example.com' },
        }),
      () =>
        shop.app.inject({
          method: 'POST',
          url: '/api/auth/reset-password',
          headers: SAME_ORIGIN,
          remoteAddress,
          payload: { token: 'guess', newPassword: 'new-password-1' },
        }),
      () => shop.app.inject({ url: '/api/auth/reset-password/guess?callbackURL=%2FResetPassword', remoteAddress }),
      () => shop.app.inject({ url: '/api/auth/verify-email?token=guess', remoteAddress }),
      () =>
        shop.app.inject({
          method: 'POST',
          url: '/api/auth/change-email',
          headers: SAME_ORIGIN,
          remoteAddress,
          payload: { newEmail: 'other@example.com' },
        }),
    ];
    const statuses: number[] = [];
    for (const attempt of tries) statuses.push((await attempt()).statusCode);
    // Half the sign-in budget (2) per 15 minutes, shared by all of them.
    expect(statuses.slice(0, 2).every((status) => status !== 429)).toBe(true);
    expect(statuses.slice(2)).toEqual([429, 429, 429, 429]);
  });
});

describe.each(testDialects)('auth redirects against an attacker on %s', (dialect) => {
  let shop: TestApp;
  let origin: URL;
  beforeAll(async () => {
    shop = await createTestApp(dialect);
    origin = new URL(await shop.app.listen({ port: 0, host: '127.0.0.1' }));
  });
  afterAll(() => shop.close());

  it('refuses callback targets that resolve off-site, on every endpoint that redirects', async () => {
    const targets = ['/.//evil.example', '/..//evil.example', '/x/..//evil.example', '/%2e%2e//evil.example'];
    for (const target of targets) {
      const encoded = encodeURIComponent(target);
      for (const url of [
        `/api/auth/verify-email?token=x&callbackURL=${encoded}`,
        `/api/auth/reset-password/x?callbackURL=${encoded}`,
        `/api/auth/delete-user/callback?token=x&callbackURL=${encoded}`,
      ]) {
        const response = await sendAsIs(origin, 'GET', url);
        expect(response.status, url).toBe(400);
        expect(response.location).toBeUndefined();
      }
      for (const field of ['callbackURL', 'errorCallbackURL', 'newUserCallbackURL']) {
        const response = await shop.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/social',
          headers: SAME_ORIGIN,
          payload: { provider: 'github', [field]: target },
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().error.fields).toHaveProperty(field);
      }
    }
  });
});
