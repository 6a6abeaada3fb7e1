import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withShop, type Shop } from '../../../../tests/support/shop.js';
import { createTestApp, testDialects, type TestApp } from '../../../../tests/support/test-app.js';
import type { HeroBanner } from '../../../shared/schemas/catalogue.js';

describe.each(testDialects)('storefront banners on %s', (dialect) => {
  let shop: TestApp;

  beforeAll(async () => {
    shop = await createTestApp(dialect);
  });
  afterAll(() => shop.close());

  const get = (url: string) => shop.app.inject({ method: 'GET', url });

  it('lists active banners by order_index', async () => {
    const banners = (await get('/api/banners')).json<HeroBanner[]>();
    expect(banners.map((banner) => banner.type).sort()).toEqual(['image', 'youtube']);
    // The demo's titles, in both languages.
    expect(banners.map((banner) => banner.title)).toEqual([
      {
        en: 'Automated trading robots for MetaTrader 4 and 5',
        fr: 'Des robots de trading automatiques pour MetaTrader 4 et 5',
      },
      { en: 'How the economic machine works', fr: 'Comment fonctionne la machine économique' },
    ]);
    const order = banners.map((banner) => banner.order_index);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });
});

describe.each(testDialects)('banner management on %s', (dialect) => {
  let shop: Shop;

  beforeAll(async () => {
    shop = await withShop(dialect);
  });
  afterAll(() => shop.close());

  it('puts a new banner last, checks YouTube ids, swaps it with its neighbour (the first cannot go up)', async () => {
    const before = (await shop.admin.get('/api/admin/banners')).json<HeroBanner[]>();
    const created = await shop.admin.post('/api/admin/banners', {
      title: { en: 'Launch', fr: '' },
      type: 'youtube',
      content_url: 'https://youtu.be/dQw4w9WgXcQ',
    });
    expect(created.statusCode).toBe(201);
    const banner = created.json<HeroBanner>();
    expect(banner).toMatchObject({ order_index: before.length, active: true, title: { en: 'Launch', fr: '' } });
    // A title in each language; one of them at least.
    for (const title of ['Launch', { en: ' ', fr: '' }, { en: 'x'.repeat(201) }]) {
      const refused = await shop.admin.post('/api/admin/banners', {
        title,
        type: 'image',
        content_url: '/files/public/images/a.png',
      });
      expect(refused.statusCode).toBe(400);
    }
    // Translating the title keeps the English one (decision 0022).
    const translated = await shop.admin.patch(`/api/admin/banners/${banner.id}`, { title: { fr: 'Lancement' } });
    expect(translated.json<HeroBanner>().title).toEqual({ en: 'Launch', fr: 'Lancement' });
    expect((await shop.app.inject('/api/banners')).json<HeroBanner[]>().find((b) => b.id === banner.id)!.title).toEqual(
      { en: 'Launch', fr: 'Lancement' },
    );
    const badVideo = await shop.admin.post('/api/admin/banners', {
      title: { en: 'Bad' },
      type: 'youtube',
      content_url: 'https://youtu.be/short',
    });
    expect(badVideo.statusCode).toBe(400);
    expect(badVideo.json().error.fields).toHaveProperty('body.content_url');
    expect(
      (
        await shop.admin.post('/api/admin/banners', {
          title: { en: 'Bad' },
          type: 'image',
          content_url: 'javascript:alert(1)',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await shop.admin.patch(`/api/admin/banners/${banner.id}`, { content_url: 'https://example.com/not-a-video' }))
        .statusCode,
    ).toBe(400);

    const up = await shop.admin.post(`/api/admin/banners/${banner.id}/move`, { direction: 'up' });
    expect(up.json<HeroBanner[]>().find((b) => b.id === banner.id)!.order_index).toBe(before.length - 1);
    const down = await shop.admin.post(`/api/admin/banners/${banner.id}/move`, { direction: 'down' });
    expect(down.json<HeroBanner[]>().find((b) => b.id === banner.id)!.order_index).toBe(before.length);
    for (let i = 0; i < before.length; i++)
      await shop.admin.post(`/api/admin/banners/${banner.id}/move`, { direction: 'up' });
    const floor = await shop.admin.post(`/api/admin/banners/${banner.id}/move`, { direction: 'up' });
    expect(floor.json<HeroBanner[]>()[0]).toMatchObject({ id: banner.id, order_index: 0 });

    expect(
      (await shop.admin.patch(`/api/admin/banners/${banner.id}`, { active: false })).json<HeroBanner>().active,
    ).toBe(false);
    expect((await shop.app.inject('/api/banners')).json<HeroBanner[]>().map((b) => b.id)).not.toContain(banner.id);
    expect((await shop.admin.delete(`/api/admin/banners/${banner.id}`)).statusCode).toBe(204);
  });

  it('changes a title in the languages an update sends: one not sent is kept, one sent empty is cleared, the last one stays', async () => {
    const created = await shop.admin.post('/api/admin/banners', {
      title: { en: 'Summer sale' },
      type: 'image',
      content_url: '/files/public/images/sale.png',
    });
    const { id } = created.json<HeroBanner>();
    const patch = (body: object) => shop.admin.patch(`/api/admin/banners/${id}`, body);
    const stored = async () =>
      (await shop.admin.get('/api/admin/banners')).json<HeroBanner[]>().find((banner) => banner.id === id)!.title;

    expect((await patch({ title: { fr: 'Soldes d’été' } })).json<HeroBanner>().title).toEqual({
      en: 'Summer sale',
      fr: 'Soldes d’été',
    });
    expect((await patch({ title: { en: '' } })).json<HeroBanner>().title).toEqual({ en: '', fr: 'Soldes d’été' });
    for (const title of [{ fr: ' ' }, { en: '', fr: '' }]) {
      const refused = await patch({ title, active: false });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toMatchObject({
        message: 'Invalid body.title: is required in at least one language',
        fields: { 'body.title': 'is required in at least one language' },
      });
    }
    // Refused as a whole: the other field of the refused update was not written either.
    expect(await stored()).toEqual({ en: '', fr: 'Soldes d’été' });
    expect((await shop.admin.get('/api/admin/banners')).json<HeroBanner[]>().find((b) => b.id === id)!.active).toBe(
      true,
    );
  });
});
