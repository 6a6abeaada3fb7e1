import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withShop, type Shop } from '../../../tests/support/shop.js';
import { testDialects } from '../../../tests/support/test-app.js';
import { escapeHtml } from '../text/escape-html.js';

const FRENCH = { cookie: 'lang=fr' };
const ENGLISH = { cookie: 'lang=en' };

/** The content of `<meta name|property="key">`. */
function meta(html: string, key: string): string | undefined {
  return new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`).exec(html)?.[1];
}

function productData(html: string): { description: string } {
  return JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!);
}

describe.each(testDialects)('server-rendered pages in the reader’s language (issue 19 §2) on %s', (dialect) => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await withShop(dialect, { webShell: true });
  });
  afterAll(() => shop.close());

  it('gives a robot page its description, og and Twitter tags and JSON-LD in the reader’s language', async () => {
    const robot = await shop.newRobot({
      description: { en: '<p>Trades gold at night.</p>', fr: '<p>Trade l’or la nuit.</p>' },
    });
    const french = (await shop.anonymous.get(`/robots/${robot.slug}`, FRENCH)).body;
    expect(french).toContain('<html lang="fr"');
    for (const key of ['description', 'og:description', 'twitter:description'])
      expect(meta(french, key)).toBe(escapeHtml('Trade l’or la nuit.'));
    expect(productData(french).description).toBe('Trade l’or la nuit.');
    const english = (await shop.anonymous.get(`/robots/${robot.slug}`, ENGLISH)).body;
    for (const key of ['description', 'og:description', 'twitter:description'])
      expect(meta(english, key)).toBe('Trades gold at night.');
    expect(productData(english).description).toBe('Trades gold at night.');
  });

  it('shows a French reader the English description of a robot not translated yet', async () => {
    const robot = await shop.newRobot({ description: { en: '<p>Only in English.</p>' } });
    const french = (await shop.anonymous.get(`/robots/${robot.slug}`, FRENCH)).body;
    expect(meta(french, 'description')).toBe('Only in English.');
    expect(productData(french).description).toBe('Only in English.');
  });

  it('writes product.html’s robot descriptions in the reader’s language, falling back to the other', async () => {
    const both = await shop.newRobot({
      description: { en: '<p>Scalps the euro.</p>', fr: '<p>Scalpe l’euro.</p>' },
    });
    const english = await shop.newRobot({ description: { en: '<p>No French yet.</p>' } });
    const french = (await shop.anonymous.get('/product.html', FRENCH)).body;
    expect(french).toContain(`<h2 class="text-lg leading-7 font-semibold text-white">${escapeHtml(both.name)}</h2>`);
    expect(french).toContain(`<p class="text-sm text-slate-300">${escapeHtml('Scalpe l’euro.')}</p>`);
    expect(french).not.toContain('Scalps the euro.');
    expect(french).toContain(`<p class="text-sm text-slate-300">No French yet.</p>`);
    expect(french).toContain(escapeHtml(english.name));
    // The demo catalogue is written in French too.
    expect(french).toContain(escapeHtml('Un scalping calme et discipliné sur l’EURUSD'));
    const inEnglish = (await shop.anonymous.get('/product.html', ENGLISH)).body;
    expect(inEnglish).toContain('<p class="text-sm text-slate-300">Scalps the euro.</p>');
    expect(inEnglish).toContain('Quiet, disciplined scalping on EURUSD');
  });

  it('gives Home the owner’s SEO title and description in the reader’s language, else the shop’s language', async () => {
    await shop.admin.patch('/api/admin/settings', {
      values: {
        seo_title: { en: 'Orion — trading robots', fr: 'Orion — robots de trading' },
        seo_description: { en: 'Robots for MetaTrader.', fr: '' },
      },
    });
    const french = (await shop.anonymous.get('/', FRENCH)).body;
    expect(french).toContain(`<title>${escapeHtml('Orion — robots de trading')}</title>`);
    expect(meta(french, 'og:title')).toBe(escapeHtml('Orion — robots de trading'));
    // Not translated: the French reader gets the shop's language, English here.
    expect(meta(french, 'description')).toBe('Robots for MetaTrader.');
    const english = (await shop.anonymous.get('/', ENGLISH)).body;
    expect(english).toContain(`<title>${escapeHtml('Orion — trading robots')}</title>`);

    // A French shop: an English reader of a text written only in French gets the French.
    await shop.admin.patch('/api/admin/settings', {
      values: { default_language: 'fr', seo_description: { en: '', fr: 'Des robots pour MetaTrader.' } },
    });
    const frenchShop = (await shop.anonymous.get('/', ENGLISH)).body;
    expect(meta(frenchShop, 'description')).toBe('Des robots pour MetaTrader.');
    const robot = await shop.newRobot({ description: { fr: '<p>Seulement en français.</p>' } });
    expect(meta((await shop.anonymous.get(`/robots/${robot.slug}`, ENGLISH)).body, 'description')).toBe(
      'Seulement en français.',
    );
    await shop.admin.patch('/api/admin/settings', {
      values: { default_language: '', seo_title: { en: '', fr: '' }, seo_description: { en: '', fr: '' } },
    });
  });
});
