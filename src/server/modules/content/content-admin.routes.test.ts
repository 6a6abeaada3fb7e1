import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from '../../../../tests/support/admin-api.js';
import { signIn } from '../../../../tests/support/sessions.js';
import { createTestApp, TEST_ADMIN, testDialects, type TestApp } from '../../../../tests/support/test-app.js';
import type { ContentPage, Faq, HeroBanner } from '../../../shared/schemas/catalogue.js';

describe.each(testDialects)('banner, FAQ and page management on %s', (dialect) => {
  let shop: TestApp;
  let api: ReturnType<typeof adminApi>;

  beforeAll(async () => {
    shop = await createTestApp(dialect);
    api = adminApi(shop.app, await signIn(shop.app, TEST_ADMIN.email, TEST_ADMIN.password));
  });
  afterAll(() => shop.close());

  it('gives a new banner the current count as its order, checks YouTube ids, moves by one (never below 0)', async () => {
    const before = (await api('GET', '/api/admin/banners')).json<HeroBanner[]>();
    const created = await api('POST', '/api/admin/banners', { title: 'Launch', type: 'youtube', content_url: 'https://youtu.be/dQw4w9WgXcQ' });
    expect(created.statusCode).toBe(201);
    const banner = created.json<HeroBanner>();
    expect(banner).toMatchObject({ order_index: before.length, active: true });
    const badVideo = await api('POST', '/api/admin/banners', { title: 'Bad', type: 'youtube', content_url: 'https://youtu.be/short' });
    expect(badVideo.statusCode).toBe(400);
    expect(badVideo.json().error.fields).toHaveProperty('body.content_url');
    expect((await api('POST', '/api/admin/banners', { title: 'Bad', type: 'image', content_url: 'javascript:alert(1)' })).statusCode).toBe(400);
    expect((await api('PATCH', `/api/admin/banners/${banner.id}`, { content_url: 'https://example.com/not-a-video' })).statusCode).toBe(400);

    const up = await api('POST', `/api/admin/banners/${banner.id}/move`, { direction: 'up' });
    expect(up.json<HeroBanner[]>().find((b) => b.id === banner.id)!.order_index).toBe(before.length - 1);
    const down = await api('POST', `/api/admin/banners/${banner.id}/move`, { direction: 'down' });
    expect(down.json<HeroBanner[]>().find((b) => b.id === banner.id)!.order_index).toBe(before.length);
    await shop.app.database.db.updateTable('hero_banners').set({ order_index: 0 }).where('id', '=', banner.id).execute();
    const floor = await api('POST', `/api/admin/banners/${banner.id}/move`, { direction: 'up' });
    expect(floor.json<HeroBanner[]>().find((b) => b.id === banner.id)!.order_index).toBe(0);

    expect((await api('PATCH', `/api/admin/banners/${banner.id}`, { active: false })).json<HeroBanner>().active).toBe(false);
    expect((await shop.app.inject('/api/banners')).json<HeroBanner[]>().map((b) => b.id)).not.toContain(banner.id);
    expect((await api('DELETE', `/api/admin/banners/${banner.id}`)).statusCode).toBe(204);
  });

  it('swaps an FAQ with its neighbour; the first cannot go up, the last cannot go down; answers lose markup', async () => {
    const created = await api('POST', '/api/admin/faqs', { question: 'Refunds?', answer: 'Yes <b>within</b> 14 days\n<script>alert(1)</script>Ask us.' });
    expect(created.statusCode).toBe(201);
    const faq = created.json<Faq>();
    expect(faq.answer).toBe('Yes within 14 days\nAsk us.');
    const ids = (faqs: Faq[]) => faqs.map((item) => item.id);
    const start = (await api('GET', '/api/admin/faqs')).json<Faq[]>();
    expect(ids(start).at(-1)).toBe(faq.id);

    const stay = (await api('POST', `/api/admin/faqs/${faq.id}/move`, { direction: 'down' })).json<Faq[]>();
    expect(ids(stay)).toEqual(ids(start));
    const up = (await api('POST', `/api/admin/faqs/${faq.id}/move`, { direction: 'up' })).json<Faq[]>();
    expect(ids(up)).toEqual([...ids(start).slice(0, -2), faq.id, ids(start).at(-2)]);
    expect(up.map((item) => item.order_index)).toEqual(up.map((_, index) => index));
    const first = ids(start)[0]!;
    expect(ids((await api('POST', `/api/admin/faqs/${first}/move`, { direction: 'up' })).json<Faq[]>())[0]).toBe(first);

    expect((await api('POST', '/api/admin/faqs', { question: 'Empty?', answer: '<img src=x onerror="x()">' })).statusCode).toBe(400);
    expect((await api('POST', '/api/admin/faqs', { question: '', answer: 'x' })).statusCode).toBe(400);
    expect((await api('POST', '/api/admin/faqs/nope/move', { direction: 'up' })).statusCode).toBe(404);
  });

  it('saves a content page sanitised, and visitors read it at once', async () => {
    await shop.app.inject('/api/pages/copy_trade');
    const saved = await api('PUT', '/api/admin/pages/copy_trade', { title: 'Copy our trades', content: '<p>Join <a href="javascript:x()">now</a></p><img src="data:image/gif;base64,R0lGOD"><p class="ql-align-center">Centre</p>' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<ContentPage>()).toMatchObject({ title: 'Copy our trades', content: '<p>Join <a>now</a></p><p class="ql-align-center">Centre</p>' });
    expect((await shop.app.inject('/api/pages/copy_trade')).json<ContentPage>().title).toBe('Copy our trades');
    expect((await api('PUT', '/api/admin/pages/about', { title: 'x', content: '' })).statusCode).toBe(400);
    expect((await api('PUT', '/api/admin/pages/update', { title: '', content: '' })).statusCode).toBe(400);
  });
});
