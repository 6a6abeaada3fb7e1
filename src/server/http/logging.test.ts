import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN, type TestApp } from '../../../tests/support/test-app.js';
import { SAME_ORIGIN } from '../../../tests/support/sessions.js';
import { buildApp } from '../app.js';

describe('request logs', () => {
  let shop: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    shop = await createTestApp('sqlite');
    await shop.app.close();
    const app = await buildApp({ ...shop.config, logLevel: 'trace' }, { webRoot: `${shop.dataDir}/web`, logStream: { write: (line) => lines.push(line) } });
    shop = { ...shop, app };
  });
  afterAll(() => shop.close());

  it('never contain passwords, session cookies, tokens or secret headers', async () => {
    const signIn = await shop.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: SAME_ORIGIN, payload: TEST_ADMIN });
    const cookie = ([] as string[]).concat(signIn.headers['set-cookie'] ?? []).join('; ');
    const sessionToken = /session_token=([^;]+)/.exec(cookie)?.[1];
    expect(sessionToken).toBeTruthy();
    await shop.app.inject({ url: '/api/me', headers: { cookie: `better-auth.session_token=${sessionToken}` } });
    await shop.app.inject({ url: '/ResetPassword?token=reset-token-value&x=1' });
    await shop.app.inject({ method: 'POST', url: '/api/health', headers: { 'x-secret-token': 'workflow-secret-value', authorization: 'Bearer bearer-value' } });

    const log = lines.join('');
    expect(log).toContain('"url":"/api/me"');
    expect(log).toContain('token=[redacted]');
    for (const secret of [TEST_ADMIN.password, sessionToken!, 'reset-token-value', 'workflow-secret-value', 'bearer-value', shop.config.authSecret!]) {
      expect(log).not.toContain(secret);
    }
  });
});
