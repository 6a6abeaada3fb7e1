import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withShop, type Shop } from '../../../../tests/support/shop.js';
import { createTestApp, testDialects, type TestApp } from '../../../../tests/support/test-app.js';
import { DEFAULT_SITE_NAME } from '../../../shared/constants.js';
import { LEGAL_PAGE_SLUGS } from '../../../shared/content-pages.js';
import type { ContentPage } from '../../../shared/schemas/catalogue.js';
import { legalTemplates } from '../../db/seed/legal-templates.js';
import { escapeHtml } from '../../text/escape-html.js';

describe.each(testDialects)('storefront content pages on %s', (dialect) => {
  let shop: TestApp;

  beforeAll(async () => {
    shop = await createTestApp(dialect);
  });
  afterAll(() => shop.close());

  const get = (url: string) => shop.app.inject({ method: 'GET', url });

  it('serves the Copy Trade and Update pages in both languages, null once a page is gone, 400 for others', async () => {
    expect((await get('/api/pages/copy_trade')).json<ContentPage>().title).toEqual({
      en: 'Copy Trade',
      fr: 'Copy Trade',
    });
    const update = (await get('/api/pages/update')).json<ContentPage>();
    expect(update.title).toEqual({ en: 'Update', fr: 'Mise à jour' });
    expect(update.content.en).toContain('<h2>Your robot adapts to the markets</h2>');
    expect(update.content.fr).toContain('<h2>Votre robot s’adapte aux marchés</h2>');
    await shop.app.database.db.deleteFrom('content_pages').where('slug', '=', 'update').execute();
    shop.app.publicCache.invalidate();
    const gone = await get('/api/pages/update');
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toBeNull();
    expect((await get('/api/pages/about')).statusCode).toBe(400);
  });

  it('serves the legal pages, seeded in both languages as templates that say they must be replaced', async () => {
    for (const slug of LEGAL_PAGE_SLUGS) {
      const page = (await get(`/api/pages/${slug}`)).json<ContentPage>();
      expect(page.slug).toBe(slug);
      expect(page.title).toEqual(legalTemplates[slug].title);
      expect(page.content.en).toContain('Template: replace this text before you sell.');
      expect(page.content.fr).toContain('Modèle : remplacez ce texte avant de vendre.');
    }
    expect((await get('/api/pages/risk_disclosure')).json<ContentPage>().title).toEqual({
      en: 'Risk Disclosure',
      fr: 'Avertissement sur les risques',
    });
  });
});

describe.each(testDialects)('content page management on %s', (dialect) => {
  let shop: Shop;

  beforeAll(async () => {
    shop = await withShop(dialect, { webShell: true });
  });
  afterAll(() => shop.close());

  const page = (slug: string, headers: Record<string, string> = {}) =>
    shop.app.inject({ url: `/api/pages/${slug}`, headers });
  const html = async (path: string, lang: 'en' | 'fr') =>
    (await shop.app.inject({ url: path, headers: { cookie: `lang=${lang}` } })).body;
  const title = (body: string) => /<title>([^<]*)<\/title>/.exec(body)?.[1];
  const description = (body: string) => /<meta name="description" content="([^"]*)">/.exec(body)?.[1];
  const site = escapeHtml(DEFAULT_SITE_NAME);

  it('saves each language sanitised, and visitors read it at once', async () => {
    await page('copy_trade');
    const saved = await shop.admin.put('/api/admin/pages/copy_trade', {
      title: { en: 'Copy our trades', fr: 'Copiez nos positions' },
      content: {
        en: '<p>Join <a href="javascript:x()">now</a></p><img src="data:image/gif;base64,R0lGOD"><p class="ql-align-center">Centre</p>',
        fr: '<p>Rejoignez-nous<script>alert(1)</script></p>',
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<ContentPage>()).toMatchObject({
      title: { en: 'Copy our trades', fr: 'Copiez nos positions' },
      content: {
        en: '<p>Join <a>now</a></p><p class="ql-align-center">Centre</p>',
        fr: '<p>Rejoignez-nous</p>',
      },
    });
    // The public read was cached before the write; the write clears it.
    expect((await page('copy_trade')).json<ContentPage>().title).toEqual({
      en: 'Copy our trades',
      fr: 'Copiez nos positions',
    });
  });

  it('stores a body that shows nothing in one language as not written, so its readers get the other', async () => {
    const saved = await shop.admin.put('/api/admin/pages/update', {
      title: { en: 'Update', fr: 'Mise à jour' },
      content: { en: '<p>Version 2 is out.</p>', fr: '<p><br></p>' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<ContentPage>().content).toEqual({ en: '<p>Version 2 is out.</p>', fr: '' });
    const french = await shop.app.inject({ method: 'GET', url: '/Update', headers: { cookie: 'lang=fr' } });
    expect(french.body).toContain('Version 2 is out.');
  });

  it('needs a title in at least one language, bounds each, and accepts a page in one language only', async () => {
    const put = (body: object) => shop.admin.put('/api/admin/pages/update', body);
    const blank = await put({ title: { en: ' ', fr: '' }, content: { en: '', fr: '' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.fields).toEqual({ 'body.title': 'is required in at least one language' });
    const long = await put({ title: { en: '', fr: 'x'.repeat(201) }, content: { en: '', fr: '' } });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields).toEqual({ 'body.title.fr': 'at most 200 characters' });
    const tooMuch = await put({ title: { en: 'Update' }, content: { en: 'x'.repeat(500_001) } });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.fields).toEqual({ 'body.content.en': 'at most 500000 characters' });
    // A plain string is the former shape: refused with a clear message, not stored.
    const plain = await put({ title: 'Update', content: '<p>x</p>' });
    expect(plain.statusCode).toBe(400);
    expect(Object.keys(plain.json().error.fields)).toEqual(['body.title', 'body.content']);
    expect((await shop.admin.put('/api/admin/pages/about', { title: { en: 'x' }, content: {} })).statusCode).toBe(400);

    // The English versions stored are cleared by sending them empty.
    const french = await put({
      title: { en: '', fr: 'Mise à jour' },
      content: { en: '', fr: '<p>Nouvelle version</p>' },
    });
    expect(french.statusCode).toBe(200);
    expect(french.json<ContentPage>()).toMatchObject({
      title: { en: '', fr: 'Mise à jour' },
      content: { en: '', fr: '<p>Nouvelle version</p>' },
    });
  });

  it('changes a legal page in the languages a save sends: one not sent is kept, one sent empty is cleared, the last title stays', async () => {
    const put = (body: object) => shop.admin.put('/api/admin/pages/refund_policy', body);
    expect(
      (await put({ title: { en: 'Refunds', fr: '' }, content: { en: '<p>14 days.</p>', fr: '' } })).statusCode,
    ).toBe(200);

    const translated = await put({ title: { fr: 'Remboursements' }, content: { fr: '<p>14 jours.</p>' } });
    expect(translated.statusCode).toBe(200);
    expect(translated.json<ContentPage>()).toMatchObject({
      title: { en: 'Refunds', fr: 'Remboursements' },
      content: { en: '<p>14 days.</p>', fr: '<p>14 jours.</p>' },
    });
    // An emptied editor is a language sent empty: cleared, as '' is.
    const cleared = await put({ title: { en: '' }, content: { en: '<p><br></p>' } });
    expect(cleared.json<ContentPage>()).toMatchObject({
      title: { en: '', fr: 'Remboursements' },
      content: { en: '', fr: '<p>14 jours.</p>' },
    });

    const refused = await put({ title: { fr: '' }, content: { fr: '' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      message: 'Invalid body.title: is required in at least one language',
      fields: { 'body.title': 'is required in at least one language' },
    });
    expect((await page('refund_policy')).json<ContentPage>()).toMatchObject({
      title: { en: '', fr: 'Remboursements' },
      content: { en: '', fr: '<p>14 jours.</p>' },
    });
  });

  it('creates a page that was never written with the languages not sent empty', async () => {
    await shop.app.database.db.deleteFrom('content_pages').where('slug', '=', 'copy_trade').execute();
    shop.app.publicCache.invalidate();
    const untitled = await shop.admin.put('/api/admin/pages/copy_trade', { title: {}, content: { en: '<p>x</p>' } });
    expect(untitled.statusCode).toBe(400);
    expect(untitled.json().error.fields).toEqual({ 'body.title': 'is required in at least one language' });
    expect((await page('copy_trade')).json()).toBeNull();

    const created = await shop.admin.put('/api/admin/pages/copy_trade', {
      title: { fr: 'Copie de trades' },
      content: { fr: '<p>Copiez nos trades.</p>' },
    });
    expect(created.statusCode).toBe(200);
    expect(created.json<ContentPage>()).toMatchObject({
      title: { en: '', fr: 'Copie de trades' },
      content: { en: '', fr: '<p>Copiez nos trades.</p>' },
    });
  });

  it('renders a page’s title in the reader’s language and its description in it or, when not translated, in the shop’s default language', async () => {
    // A page written in English only: a French reader's preview quotes the English body, and the
    // tab keeps the page's French name rather than the English title.
    await shop.admin.put('/api/admin/pages/privacy', {
      title: { en: 'Our privacy promise', fr: '' },
      content: { en: '<p>We keep <b>little</b> data.</p>', fr: '' },
    });
    const french = await html('/Privacy', 'fr');
    expect(title(french)).toBe(`Politique de confidentialité | ${site}`);
    expect(description(french)).toBe('We keep little data.');
    const english = await html('/Privacy', 'en');
    expect(title(english)).toBe(`Privacy Policy | ${site}`);
    expect(description(english)).toBe('We keep little data.');

    // The seeded legal templates: each reader reads their own language, heading and body alike.
    const terms = await html('/Terms', 'fr');
    expect(title(terms)).toBe(`Conditions générales de vente | ${site}`);
    expect(description(terms)).toMatch(/^Modèle : remplacez ce texte avant de vendre\./);
    expect(description(await html('/Terms', 'en'))).toMatch(/^Template: replace this text before you sell\./);

    // With French as the shop's language, a page written only in French is what English readers get.
    await shop.setSetting('default_language', 'fr');
    await shop.admin.put('/api/admin/pages/refund_policy', {
      title: { en: '', fr: 'Remboursements' },
      content: { en: '', fr: '<p>Sous 14 jours.</p>' },
    });
    const refunds = await html('/RefundPolicy', 'en');
    expect(title(refunds)).toBe(`Refund Policy | ${site}`);
    expect(description(refunds)).toBe('Sous 14 jours.');
    expect(title(await html('/RefundPolicy', 'fr'))).toBe(`Politique de remboursement | ${site}`);
    expect(description(await html('/RefundPolicy', 'fr'))).toBe('Sous 14 jours.');
  });
});
