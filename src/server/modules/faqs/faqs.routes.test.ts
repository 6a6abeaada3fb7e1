import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withShop, type Shop } from '../../../../tests/support/shop.js';
import { createTestApp, testDialects, type TestApp } from '../../../../tests/support/test-app.js';
import type { Faq } from '../../../shared/schemas/catalogue.js';

describe.each(testDialects)('storefront FAQs on %s', (dialect) => {
  let shop: TestApp;

  beforeAll(async () => {
    shop = await createTestApp(dialect);
  });
  afterAll(() => shop.close());

  const get = (url: string) => shop.app.inject({ method: 'GET', url });

  it('lists only active FAQs, in order', async () => {
    const { db } = shop.app.database;
    const all = await db.selectFrom('faqs').select(['id']).orderBy('order_index').execute();
    await db.updateTable('faqs').set({ active: false }).where('id', '=', all[0]!.id).execute();
    const faqs = (await get('/api/faqs')).json<Faq[]>();
    expect(faqs).toHaveLength(all.length - 1);
    expect(faqs.every((faq) => faq.active)).toBe(true);
  });
});

describe.each(testDialects)('FAQ management on %s', (dialect) => {
  let shop: Shop;

  beforeAll(async () => {
    shop = await withShop(dialect);
  });
  afterAll(() => shop.close());

  it('swaps an FAQ with its neighbour; the first cannot go up, the last cannot go down; answers lose markup', async () => {
    const created = await shop.admin.post('/api/admin/faqs', {
      question: 'Refunds?',
      answer: 'Yes <b>within</b> 14 days\n<script>alert(1)</script>Ask us.',
    });
    expect(created.statusCode).toBe(201);
    const faq = created.json<Faq>();
    expect(faq.answer).toBe('Yes within 14 days\nAsk us.');
    const ids = (faqs: Faq[]) => faqs.map((item) => item.id);
    const start = (await shop.admin.get('/api/admin/faqs')).json<Faq[]>();
    expect(ids(start).at(-1)).toBe(faq.id);

    const stay = (await shop.admin.post(`/api/admin/faqs/${faq.id}/move`, { direction: 'down' })).json<Faq[]>();
    expect(ids(stay)).toEqual(ids(start));
    const up = (await shop.admin.post(`/api/admin/faqs/${faq.id}/move`, { direction: 'up' })).json<Faq[]>();
    expect(ids(up)).toEqual([...ids(start).slice(0, -2), faq.id, ids(start).at(-2)]);
    expect(up.map((item) => item.order_index)).toEqual(up.map((_, index) => index));
    const first = ids(start)[0]!;
    expect(ids((await shop.admin.post(`/api/admin/faqs/${first}/move`, { direction: 'up' })).json<Faq[]>())[0]).toBe(
      first,
    );

    expect(
      (await shop.admin.post('/api/admin/faqs', { question: 'Empty?', answer: '<img src=x onerror="x()">' }))
        .statusCode,
    ).toBe(400);
    expect((await shop.admin.post('/api/admin/faqs', { question: '', answer: 'x' })).statusCode).toBe(400);
    expect((await shop.admin.post('/api/admin/faqs/nope/move', { direction: 'up' })).statusCode).toBe(404);
  });
});
