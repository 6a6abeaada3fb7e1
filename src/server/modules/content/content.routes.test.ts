import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../../../tests/support/test-app.js';
import { LEGAL_PAGE_SLUGS } from '../../../shared/content-pages.js';
import type { ContentPage, Faq, HeroBanner } from '../../../shared/schemas/catalogue.js';
import { publicSettingKeys } from '../../../shared/settings-keys.js';

describe.each(testDialects)('storefront content API on %s', (dialect) => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await createTestApp(dialect);
  });
  afterAll(() => shop.close());

  const get = (url: string) => shop.app.inject({ method: 'GET', url });

  it('lists active banners by order_index', async () => {
    const banners = (await get('/api/banners')).json<HeroBanner[]>();
    expect(banners.map((banner) => banner.type).sort()).toEqual(['image', 'youtube']);
    const order = banners.map((banner) => banner.order_index);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('lists only active FAQs, in order', async () => {
    const { db } = shop.app.database;
    const all = await db.selectFrom('faqs').select(['id']).orderBy('order_index').execute();
    await db.updateTable('faqs').set({ active: false }).where('id', '=', all[0]!.id).execute();
    const faqs = (await get('/api/faqs')).json<Faq[]>();
    expect(faqs).toHaveLength(all.length - 1);
    expect(faqs.every((faq) => faq.active)).toBe(true);
  });

  it('serves the Copy Trade and Update pages, null once a page is gone, 400 for others', async () => {
    expect((await get('/api/pages/copy_trade')).json<ContentPage>().title).toBe('Copy Trade');
    expect((await get('/api/pages/update')).json<ContentPage>().title).toBe('Update');
    await shop.app.database.db.deleteFrom('content_pages').where('slug', '=', 'update').execute();
    shop.app.publicCache.invalidate();
    const gone = await get('/api/pages/update');
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toBeNull();
    expect((await get('/api/pages/about')).statusCode).toBe(400);
  });

  it('serves the legal pages, seeded as templates that say they must be replaced', async () => {
    for (const slug of LEGAL_PAGE_SLUGS) {
      const page = (await get(`/api/pages/${slug}`)).json<ContentPage>();
      expect(page.slug).toBe(slug);
      expect(page.content).toContain('Template: replace this text before you sell.');
    }
    expect((await get('/api/pages/risk_disclosure')).json<ContentPage>().title).toBe('Risk Disclosure');
  });

  it('never gives webhook URLs or the secret token to visitors', async () => {
    const { db } = shop.app.database;
    await db.updateTable('settings').set({ value: 'super-secret-token' }).where('key', '=', 'n8n_secret_token').execute();
    await db.updateTable('settings').set({ value: 'https://hooks.example.com/pay' }).where('key', '=', 'n8n_webhook_url').execute();
    const response = await get('/api/settings/public');
    expect(Object.keys(response.json()).sort()).toEqual([...publicSettingKeys].sort());
    expect(response.body).not.toContain('super-secret-token');
    expect(response.body).not.toContain('hooks.example.com');
    expect(response.json().chatbot_welcome_message).toBe('Hello! How can I help you?');
  });
});
