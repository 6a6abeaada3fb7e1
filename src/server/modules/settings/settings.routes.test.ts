import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAME_ORIGIN, signIn } from '../../../../tests/support/sessions.js';
import { createTestApp, TEST_ADMIN, testDialects, type TestApp } from '../../../../tests/support/test-app.js';

describe.each(testDialects)('settings administration on %s', (dialect) => {
  let shop: TestApp;
  let admin: string;
  beforeAll(async () => {
    shop = await createTestApp(dialect);
    admin = await signIn(shop.app, TEST_ADMIN.email, TEST_ADMIN.password);
  });
  afterAll(() => shop.close());

  const save = (values: Record<string, unknown>) =>
    shop.app.inject({ method: 'PATCH', url: '/api/admin/settings', headers: { ...SAME_ORIGIN, cookie: admin }, payload: { values } });

  it('returns every key, with the defaults of SPEC §3', async () => {
    const all = (await shop.app.inject({ url: '/api/admin/settings', headers: { cookie: admin } })).json();
    expect(all).toMatchObject({ chatbot_enabled: 'false', chatbot_welcome_message: 'Hello! How can I help you?', n8n_secret_token: '' });
  });

  it('saves values, and visitors see public ones at once', async () => {
    await shop.app.inject('/api/settings/public');
    const response = await save({ hero_title: 'Trade smarter', contact_url: 'mailto:owner@example.com', n8n_secret_token: 'a-workflow-secret-of-32-characters', chatbot_enabled: 'true' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ hero_title: 'Trade smarter', n8n_secret_token: 'a-workflow-secret-of-32-characters' });
    const visible = (await shop.app.inject('/api/settings/public')).json();
    expect(visible).toMatchObject({ hero_title: 'Trade smarter', contact_url: 'mailto:owner@example.com', chatbot_enabled: 'true' });
    expect(visible).not.toHaveProperty('n8n_secret_token');
  });

  it('refuses unknown keys and wrong values, saving nothing', async () => {
    for (const values of [{ n8n_webhook_url: 'javascript:alert(1)' }, { chatbot_enabled: 'yes' }, { contact_url: 'ftp://x' }, { hero_title: 'ok', admin_password: 'x' }, { n8n_secret_token: 'short-guessable-secret' }]) {
      const response = await save(values);
      expect(response.statusCode).toBe(400);
    }
    const all = (await shop.app.inject({ url: '/api/admin/settings', headers: { cookie: admin } })).json();
    expect(all.hero_title).toBe('Trade smarter');
  });
});
