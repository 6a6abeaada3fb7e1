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

  it('serves the demo FAQs with both translations, whatever the reader’s language', async () => {
    const english = (await get('/api/faqs')).json<Faq[]>();
    const french = (await shop.app.inject({ url: '/api/faqs', headers: { cookie: 'lang=fr' } })).json<Faq[]>();
    expect(french).toEqual(english);
    expect(english[0]).toMatchObject({
      question: {
        en: 'How quickly will I receive my robot?',
        fr: 'En combien de temps vais-je recevoir mon robot ?',
      },
      order_index: 0,
      active: true,
    });
    expect(english[0]!.answer.fr).toMatch(/^La livraison prend jusqu’à 24 heures/);
    for (const faq of english) for (const text of [faq.question, faq.answer]) expect(text.fr).not.toBe('');
  });

  it('lists only active FAQs, in order', async () => {
    const { db } = shop.app.database;
    const all = await db.selectFrom('faqs').select(['id']).orderBy('order_index').execute();
    await db.updateTable('faqs').set({ active: false }).where('id', '=', all[0]!.id).execute();
    shop.app.publicCache.invalidate();
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

  const create = (body: object) => shop.admin.post('/api/admin/faqs', body);

  it('swaps an FAQ with its neighbour; the first cannot go up, the last cannot go down; answers lose markup', async () => {
    const created = await create({
      question: { en: 'Refunds?', fr: '' },
      answer: { en: 'Yes <b>within</b> 14 days\n<script>alert(1)</script>Ask us.', fr: '' },
    });
    expect(created.statusCode).toBe(201);
    const faq = created.json<Faq>();
    expect(faq.answer).toEqual({ en: 'Yes within 14 days\nAsk us.', fr: '' });
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
    expect((await shop.admin.post('/api/admin/faqs/nope/move', { direction: 'up' })).statusCode).toBe(404);
  });

  it('stores both languages, one of them alone, and the public list shows the change at once', async () => {
    const before = (await shop.anonymous.get('/api/faqs')).json<Faq[]>();
    const both = await create({
      question: { en: ' Can I pay in euros? ', fr: 'Puis-je payer en euros ?' },
      answer: { en: 'Yes, by transfer.', fr: 'Oui, par <i>virement</i>.' },
    });
    expect(both.statusCode).toBe(201);
    expect(both.json<Faq>()).toMatchObject({
      question: { en: 'Can I pay in euros?', fr: 'Puis-je payer en euros ?' },
      answer: { en: 'Yes, by transfer.', fr: 'Oui, par virement.' },
      active: true,
    });
    const frenchOnly = await create({ question: { fr: 'Une question ?' }, answer: { fr: 'Une réponse.' } });
    expect(frenchOnly.statusCode).toBe(201);
    expect(frenchOnly.json<Faq>()).toMatchObject({
      question: { en: '', fr: 'Une question ?' },
      answer: { en: '', fr: 'Une réponse.' },
    });
    const after = (await shop.anonymous.get('/api/faqs')).json<Faq[]>();
    expect(after.map((faq) => faq.id)).toEqual([
      ...before.map((faq) => faq.id),
      both.json<Faq>().id,
      frenchOnly.json<Faq>().id,
    ]);

    // The English translation written later; the French one kept as it was sent.
    const id = frenchOnly.json<Faq>().id;
    const translated = await shop.admin.patch(`/api/admin/faqs/${id}`, {
      question: { en: 'A question?', fr: 'Une question ?' },
    });
    expect(translated.statusCode).toBe(200);
    expect(translated.json<Faq>().question).toEqual({ en: 'A question?', fr: 'Une question ?' });
    expect(translated.json<Faq>().answer).toEqual({ en: '', fr: 'Une réponse.' });
    const publicFaq = (await shop.anonymous.get('/api/faqs')).json<Faq[]>().find((faq) => faq.id === id);
    expect(publicFaq?.question).toEqual({ en: 'A question?', fr: 'Une question ?' });
  });

  it('needs the question and the answer in at least one language, and bounds each translation', async () => {
    const refused = async (body: object, fields: Record<string, unknown>) => {
      const response = await create(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.fields).toEqual(fields);
    };
    const answer = { en: 'x', fr: '' };
    await refused(
      { question: { en: '', fr: '  ' }, answer },
      { 'body.question': 'is required in at least one language' },
    );
    await refused({ question: {}, answer }, { 'body.question': 'is required in at least one language' });
    await refused({ answer }, { 'body.question': expect.any(String) });
    await refused(
      { question: { en: 'Q', fr: 'x'.repeat(501) }, answer },
      { 'body.question.fr': 'at most 500 characters' },
    );
    await refused(
      { question: { en: 'Q' }, answer: { en: 'x'.repeat(10_001) } },
      { 'body.answer.en': 'at most 10000 characters' },
    );
    // The former single-language shape.
    await refused(
      { question: 'Q?', answer: 'A.' },
      {
        'body.question': expect.any(String),
        'body.answer': expect.any(String),
      },
    );
    // An answer that was only markup is no answer, in either language.
    await refused(
      { question: { en: 'Empty?' }, answer: { en: '<img src=x onerror="x()">', fr: '<b></b>' } },
      { 'body.answer': 'is required in at least one language' },
    );
    const faq = (await shop.admin.get('/api/admin/faqs')).json<Faq[]>()[0]!;
    const blanked = await shop.admin.patch(`/api/admin/faqs/${faq.id}`, { question: { en: '', fr: '' } });
    expect(blanked.statusCode).toBe(400);
    expect(blanked.json().error.fields).toEqual({ 'body.question': 'is required in at least one language' });
  });

  it('changes each text in the languages an update sends: one not sent is kept, one sent empty is cleared, the last one stays', async () => {
    const created = await create({
      question: { en: 'Do you ship?' },
      answer: { en: 'By email.', fr: 'Par courriel.' },
    });
    const { id } = created.json<Faq>();
    const patch = (body: object) => shop.admin.patch(`/api/admin/faqs/${id}`, body);
    const stored = async () => (await shop.admin.get('/api/admin/faqs')).json<Faq[]>().find((faq) => faq.id === id)!;

    const translated = await patch({ question: { fr: 'Livrez-vous ?' } });
    expect(translated.statusCode).toBe(200);
    expect(translated.json<Faq>()).toMatchObject({
      question: { en: 'Do you ship?', fr: 'Livrez-vous ?' },
      answer: { en: 'By email.', fr: 'Par courriel.' },
    });
    // '' clears a language; an answer that is only markup is cleared in the same way.
    const cleared = await patch({ question: { en: '' }, answer: { en: '<b></b>' } });
    expect(cleared.json<Faq>()).toMatchObject({
      question: { en: '', fr: 'Livrez-vous ?' },
      answer: { en: '', fr: 'Par courriel.' },
    });

    for (const [body, field] of [
      [{ question: { fr: '' }, active: false }, 'question'],
      [{ answer: { fr: '<i> </i>' }, active: false }, 'answer'],
    ] as const) {
      const refused = await patch(body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toMatchObject({
        message: `Invalid body.${field}: is required in at least one language`,
        fields: { [`body.${field}`]: 'is required in at least one language' },
      });
    }
    expect(await stored()).toMatchObject({
      question: { en: '', fr: 'Livrez-vous ?' },
      answer: { en: '', fr: 'Par courriel.' },
      active: true,
    });
  });
});
