import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAutomationCredentials } from '../../integrations/automation-auth.js';
import { startFakeWorkflow } from '../../../../tests/support/fake-workflow.js';
import { setSetting } from '../../../../tests/support/factories.js';
import { withShop, type Shop } from '../../../../tests/support/shop.js';
import { createTestApp, testDialects, type TestApp } from '../../../../tests/support/test-app.js';
import { publicSettingKeys } from '../../../shared/settings-keys.js';

describe.each(testDialects)('settings administration on %s', (dialect) => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await withShop(dialect);
  });
  afterAll(() => shop.close());

  const save = (values: Record<string, unknown>) => shop.admin.patch('/api/admin/settings', { values });

  it('returns every key, with the defaults of SPEC §3', async () => {
    const all = (await shop.admin.get('/api/admin/settings')).json();
    expect(all).toMatchObject({
      chatbot_enabled: 'false',
      chatbot_welcome_message: { en: 'Hello! How can I help you?', fr: 'Bonjour ! Comment puis-je vous aider ?' },
      seo_title: { en: '', fr: '' },
      // The demo catalogue's hero, in both languages.
      hero_title: { en: 'Trading robots that never sleep', fr: 'Des robots de trading qui ne dorment jamais' },
      n8n_secret_token_set: false,
    });
    expect(all).not.toHaveProperty('n8n_secret_token');
  });

  it('saves values, and visitors see public ones at once', async () => {
    await shop.app.inject('/api/settings/public');
    const response = await save({
      hero_title: { en: 'Trade smarter', fr: 'Tradez mieux' },
      contact_url: 'mailto:owner@example.com',
      n8n_secret_token: 'a-workflow-secret-of-32-characters',
      chatbot_enabled: 'true',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      hero_title: { en: 'Trade smarter', fr: 'Tradez mieux' },
      n8n_secret_token_set: true,
    });
    expect(response.body).not.toContain('a-workflow-secret-of-32-characters');
    const visible = (await shop.app.inject('/api/settings/public')).json();
    expect(visible).toMatchObject({
      hero_title: { en: 'Trade smarter', fr: 'Tradez mieux' },
      contact_url: 'mailto:owner@example.com',
      chatbot_enabled: 'true',
    });
    expect(visible).not.toHaveProperty('n8n_secret_token');
  });

  it('refuses unknown keys and wrong values, saving nothing', async () => {
    for (const values of [
      { n8n_webhook_url: 'javascript:alert(1)' },
      { chatbot_enabled: 'yes' },
      { contact_url: 'ftp://x' },
      { hero_title: { en: 'ok' }, admin_password: 'x' },
      // An owner's text is written in each language, not as one string.
      { hero_title: 'Trade smarter' },
      { hero_description: { en: 'x'.repeat(1001) } },
      { n8n_secret_token: 'short-guessable-secret' },
    ]) {
      const response = await save(values);
      expect(response.statusCode).toBe(400);
    }
    const all = (await shop.admin.get('/api/admin/settings')).json();
    expect(all.hero_title).toEqual({ en: 'Trade smarter', fr: 'Tradez mieux' });
    expect(all.hero_description).toEqual({
      en: 'Expert Advisors for MetaTrader 4 and 5, on forex and gold, delivered within 24 hours.',
      fr: 'Des Expert Advisors pour MetaTrader 4 et 5, sur le forex et l’or, livrés sous 24 heures.',
    });
  });

  it('keeps each language of an owner’s text in its own row, and records the change in the activity log', async () => {
    const saved = await save({ seo_description: { en: '  Robots for MT5  ', fr: '' } });
    expect(saved.json().seo_description).toEqual({ en: 'Robots for MT5', fr: '' });
    const rows = await shop.app.database.db
      .selectFrom('settings')
      .select(['key', 'value'])
      .where('key', 'like', 'seo_description%')
      .orderBy('key')
      .execute();
    expect(rows).toEqual([
      { key: 'seo_description_en', value: 'Robots for MT5' },
      { key: 'seo_description_fr', value: '' },
    ]);
    const activity = (await shop.admin.get('/api/admin/audit?resource=settings')).json();
    expect(activity.rows[0].changes).toEqual({
      seo_description: {
        from: {
          en: 'Discover our AI trading robots powered by artificial intelligence.',
          fr: 'Découvrez nos robots de trading propulsés par l’intelligence artificielle.',
        },
        to: { en: 'Robots for MT5', fr: '' },
      },
    });
  });

  it('changes an owner’s text in the languages an update sends: one not sent keeps its row, one sent empty is cleared', async () => {
    await save({ hero_title: { en: 'Robots that trade', fr: '' }, chatbot_welcome_message: { en: 'Hi', fr: 'Salut' } });
    const french = await save({ hero_title: { fr: 'Des robots qui tradent' } });
    expect(french.statusCode).toBe(200);
    expect(french.json()).toMatchObject({
      hero_title: { en: 'Robots that trade', fr: 'Des robots qui tradent' },
      chatbot_welcome_message: { en: 'Hi', fr: 'Salut' },
    });
    const cleared = await save({ chatbot_welcome_message: { en: '' } });
    expect(cleared.json().chatbot_welcome_message).toEqual({ en: '', fr: 'Salut' });
    expect((await shop.anonymous.get('/api/settings/public')).json()).toMatchObject({
      hero_title: { en: 'Robots that trade', fr: 'Des robots qui tradent' },
      chatbot_welcome_message: { en: '', fr: 'Salut' },
    });
    // The activity log records the text as it became, both languages.
    const activity = (await shop.admin.get('/api/admin/audit?resource=settings')).json();
    expect(activity.rows[0].changes).toEqual({
      chatbot_welcome_message: { from: { en: 'Hi', fr: 'Salut' }, to: { en: '', fr: 'Salut' } },
    });
  });

  it('keeps the secret token write-only: set, replaced and cleared, never sent back', async () => {
    const set = await save({ n8n_secret_token: 'first-secret-value-0123456789abcdef' });
    expect(set.json()).toMatchObject({ n8n_secret_token_set: true });
    const replaced = await save({ n8n_secret_token: 'second-secret-value-0123456789abcdef' });
    const read = await shop.admin.get('/api/admin/settings');
    const activity = await shop.admin.get('/api/admin/audit?resource=settings');
    const exported = await shop.admin.get('/api/admin/audit/export');
    for (const response of [set, replaced, read, activity, exported]) {
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toMatch(/first-secret-value-0123456789abcdef|second-secret-value-0123456789abcdef/);
    }
    expect(activity.json().rows[0].changes).toEqual({ n8n_secret_token: { from: '(hidden)', to: '(hidden)' } });
    const cleared = await save({ n8n_secret_token: '' });
    expect(cleared.json()).toMatchObject({ n8n_secret_token_set: false });
  });

  it('sends a signed test ping to a workflow address and reports how it answered', async () => {
    const workflow = await startFakeWorkflow();
    try {
      await save({ n8n_secret_token: 'ping-secret-0123456789abcdef0123456789' });
      workflow.answer = { status: 204, body: '' };
      const test = (payload: Record<string, unknown>) => shop.admin.post('/api/admin/settings/test-webhook', payload);
      const typed = await test({ key: 'n8n_webhook_url', url: workflow.url });
      expect(typed.statusCode).toBe(200);
      expect(typed.json()).toMatchObject({ status: 204, ok: true });
      expect(typed.json().milliseconds).toBeGreaterThanOrEqual(0);
      const ping = workflow.requests[0]!;
      expect(ping.body).toMatchObject({ action: 'ping', setting: 'n8n_webhook_url' });
      expect(() =>
        verifyAutomationCredentials('ping-secret-0123456789abcdef0123456789', {
          signature: String(ping.headers['x-signature']),
          rawBody: ping.rawBody,
        }),
      ).not.toThrow();
      // Without an address typed, the saved one; without either, a clear 400.
      await save({ n8n_newsletter_url: workflow.url });
      workflow.answer = { status: 500, body: { message: 'broken' } };
      expect((await test({ key: 'n8n_newsletter_url' })).json()).toMatchObject({ status: 500, ok: false });
      expect((await test({ key: 'n8n_callback_url' })).statusCode).toBe(400);
      expect((await test({ key: 'n8n_callback_url', url: 'javascript:alert(1)' })).statusCode).toBe(400);
    } finally {
      await save({ n8n_secret_token: '', n8n_newsletter_url: '' });
      await workflow.close();
    }
  });
});

describe.each(testDialects)('public settings on %s', (dialect) => {
  let shop: TestApp;

  beforeAll(async () => {
    shop = await createTestApp(dialect);
  });
  afterAll(() => shop.close());

  const get = (url: string) => shop.app.inject({ method: 'GET', url });

  it('never gives webhook URLs or the secret token to visitors', async () => {
    await setSetting(shop.app, 'n8n_secret_token', 'super-secret-token');
    await setSetting(shop.app, 'n8n_webhook_url', 'https://hooks.example.com/pay');
    const response = await get('/api/settings/public');
    expect(Object.keys(response.json()).sort()).toEqual([...publicSettingKeys].sort());
    expect(response.body).not.toContain('super-secret-token');
    expect(response.body).not.toContain('hooks.example.com');
    expect(response.json().chatbot_welcome_message).toEqual({
      en: 'Hello! How can I help you?',
      fr: 'Bonjour ! Comment puis-je vous aider ?',
    });
  });
});
