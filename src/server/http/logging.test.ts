import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN, testDialects, type TestApp } from '../../../tests/support/test-app.js';
import { SAME_ORIGIN } from '../../../tests/support/sessions.js';
import { buildApp } from '../app.js';
import { redactUrl } from './logging.js';

describe.each(testDialects)('request logs on %s', (dialect) => {
  let shop: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    shop = await createTestApp(dialect);
    await shop.app.close();
    const app = await buildApp(
      { ...shop.config, logLevel: 'trace' },
      { webRoot: `${shop.dataDir}/web`, logStream: { write: (line) => lines.push(line) } },
    );
    shop = { ...shop, app };
  });
  afterAll(() => shop.close());

  it('never contain passwords, session cookies, tokens or secret headers', async () => {
    const signIn = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: SAME_ORIGIN,
      payload: TEST_ADMIN,
    });
    const cookie = ([] as string[]).concat(signIn.headers['set-cookie'] ?? []).join('; ');
    const sessionToken = /session_token=([^;]+)/.exec(cookie)?.[1];
    expect(sessionToken).toBeTruthy();
    await shop.app.inject({ url: '/api/me', headers: { cookie: `better-auth.session_token=${sessionToken}` } });
    await shop.app.inject({ url: '/ResetPassword?token=reset-token-value&x=1' });
    await shop.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'x-secret-token': 'workflow-secret-value', authorization: 'Bearer bearer-value' },
    });

    const log = lines.join('');
    expect(log).toContain('"url":"/api/me"');
    expect(log).toContain('token=[redacted]');
    for (const secret of [
      TEST_ADMIN.password,
      sessionToken!,
      'reset-token-value',
      'workflow-secret-value',
      'bearer-value',
      shop.config.authSecret!,
    ]) {
      expect(log).not.toContain(secret);
    }
  });

  it('never contain the token of an emailed password-reset link, followed the way a browser does', async () => {
    const requested = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: SAME_ORIGIN,
      payload: { email: TEST_ADMIN.email, redirectTo: '/ResetPassword' },
    });
    expect(requested.statusCode).toBe(200);
    const outbox = path.join(shop.dataDir, 'outbox');
    const mail = readdirSync(outbox)
      .map((file) => readFileSync(path.join(outbox, file), 'utf8'))
      .find((text) => text.includes('/api/auth/reset-password/'))!;
    const token = /\/api\/auth\/reset-password\/([\w-]+)/.exec(mail.replace(/=\r?\n/g, ''))![1]!;
    const link = await shop.app.inject(`/api/auth/reset-password/${token}?callbackURL=%2FResetPassword`);
    expect(link.statusCode).toBe(302);
    await shop.app.inject(String(link.headers.location).replace('http://localhost:3000', ''));
    const reset = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: SAME_ORIGIN,
      payload: { token, newPassword: TEST_ADMIN.password },
    });
    expect(reset.statusCode).toBe(200);

    const log = lines.join('');
    expect(log).toContain('/api/auth/reset-password/[redacted]');
    expect(log).not.toContain(token);
  });
});

describe('log redaction', () => {
  it.each([
    [
      '/api/auth/reset-password/AbCdEfGhIjKlMnOpQrStUvWx?callbackURL=%2FResetPassword',
      '/api/auth/reset-password/[redacted]?callbackURL=%2FResetPassword',
    ],
    ['/files/private/k3J9dQ2xZ7mP4vL8nR1tY6wB?download=1', '/files/private/[redacted]?download=1'],
    ['/ResetPassword?token=abc&x=1', '/ResetPassword?token=[redacted]&x=1'],
    [
      '/callback?code=abc&state=def&access_token=ghi',
      '/callback?code=[redacted]&state=[redacted]&access_token=[redacted]',
    ],
  ])('masks the credential in %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it.each([
    '/api/robots/0b6f0a51-5f3c-4f0e-9d3e-1a2b3c4d5e6f/history',
    '/assets/index-BdX8k3Qa.js',
    '/api/admin/newsletter-subscribers-export',
  ])('keeps %s readable', (url) => {
    expect(redactUrl(url)).toBe(url);
  });
});

describe('TRUST_PROXY', () => {
  it('warns at start that true believes an address any client can write', async () => {
    const lines: string[] = [];
    const shop = await createTestApp('sqlite');
    await shop.app.close();
    const app = await buildApp(
      { ...shop.config, logLevel: 'warn', trustProxy: true },
      { webRoot: `${shop.dataDir}/web`, logStream: { write: (line) => lines.push(line) } },
    );
    await app.close();
    await shop.close();
    expect(lines.join('')).toContain('TRUST_PROXY=true believes the left-most X-Forwarded-For address');
  });
});
