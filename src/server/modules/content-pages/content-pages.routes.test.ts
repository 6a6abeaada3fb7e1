import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withShop, type Shop } from '../../../../tests/support/shop.js';
import { createTestApp, testDialects, type TestApp } from '../../../../tests/support/test-app.js';
import { LEGAL_PAGE_SLUGS } from '../../../shared/content-pages.js';
import type { ContentPage } from '../../../shared/schemas/catalogue.js';

describe.each(testDialects)('storefront content pages on %s', (dialect) => {
  let shop: TestApp;

  beforeAll(async () => {
    shop = await createTestApp(dialect);
  });
  afterAll(() => shop.close());

  const get = (url: string) => shop.app.inject({ method: 'GET', url });

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
});

describe.each(testDialects)('content page management on %s', (dialect) => {
  let shop: Shop;

  beforeAll(async () => {
    shop = await withShop(dialect);
  });
  afterAll(() => shop.close());

  it('saves a content page sanitised, and visitors read it at once', async () => {
    await shop.app.inject('/api/pages/copy_trade');
    const saved = await shop.admin.put('/api/admin/pages/copy_trade', {
      title: 'Copy our trades',
      content:
        '<p>Join <a href="javascript:x()">now</a></p><img src="data:image/gif;base64,R0lGOD"><p class="ql-align-center">Centre</p>',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<ContentPage>()).toMatchObject({
      title: 'Copy our trades',
      content: '<p>Join <a>now</a></p><p class="ql-align-center">Centre</p>',
    });
    expect((await shop.app.inject('/api/pages/copy_trade')).json<ContentPage>().title).toBe('Copy our trades');
    expect((await shop.admin.put('/api/admin/pages/about', { title: 'x', content: '' })).statusCode).toBe(400);
    expect((await shop.admin.put('/api/admin/pages/update', { title: '', content: '' })).statusCode).toBe(400);
  });
});
