import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../../tests/support/test-app.js';
import type { Robot } from '../../shared/schemas/catalogue.js';

const SHOP = 'http://localhost:3000';
const ENGLISH_VISITOR = { cookie: 'lang=en', 'accept-language': 'en-US,en;q=0.9' };

const canonical = (html: string) => /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const hreflangTags = (html: string) => html.match(/<link rel="alternate" hreflang="[^"]*" href="[^"]*">/g) ?? [];
/** The three alternates every indexable page's head carries, for `path`. */
const alternatesOf = (path: string) => [
  `<link rel="alternate" hreflang="en" href="${SHOP}${path}?lang=en">`,
  `<link rel="alternate" hreflang="fr" href="${SHOP}${path}?lang=fr">`,
  `<link rel="alternate" hreflang="x-default" href="${SHOP}${path}">`,
];
const embeddedLanguage = (html: string) =>
  (
    JSON.parse(/<script type="application\/json" id="app-data">(.*?)<\/script>/s.exec(html)![1]!) as {
      messages: { lang: string };
    }
  ).messages.lang;

describe.each(testDialects)('one address per language, hreflang alternates (issue 19 §2) on %s', (dialect) => {
  let shop: TestApp;
  let robot: Robot;
  beforeAll(async () => {
    shop = await createTestApp(dialect, {}, { webShell: true });
    robot = (await shop.app.inject('/api/robots')).json<Robot[]>()[0]!;
  });
  afterAll(() => shop.close());

  const page = (url: string, headers: Record<string, string> = ENGLISH_VISITOR) => shop.app.inject({ url, headers });

  it('renders the language ?lang= names over the visitor’s cookie and browser, canonical at that address', async () => {
    const response = await page('/Terms?lang=fr');
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('<html lang="fr"');
    expect(embeddedLanguage(html)).toBe('fr');
    expect(title(html)).toMatch(/^Conditions générales de vente \| /);
    expect(canonical(html)).toBe(`${SHOP}/Terms?lang=fr`);
    expect(html).toContain(`<meta property="og:url" content="${SHOP}/Terms?lang=fr">`);
    expect(hreflangTags(html)).toEqual(alternatesOf('/Terms'));

    const english = (await page('/Terms?lang=en', { cookie: 'lang=fr', 'accept-language': 'fr' })).body;
    expect(english).toContain('<html lang="en"');
    expect(title(english)).toMatch(/^Terms of Service \| /);
    expect(canonical(english)).toBe(`${SHOP}/Terms?lang=en`);
    expect(hreflangTags(english)).toEqual(alternatesOf('/Terms'));
  });

  it('keeps the plain address canonical at itself, in the language the visitor’s cookie or browser picks', async () => {
    const french = (await page('/Terms', { cookie: 'lang=fr' })).body;
    expect(french).toContain('<html lang="fr"');
    expect(canonical(french)).toBe(`${SHOP}/Terms`);
    expect(hreflangTags(french)).toEqual(alternatesOf('/Terms'));
    const english = (await page('/Terms')).body;
    expect(english).toContain('<html lang="en"');
    expect(canonical(english)).toBe(`${SHOP}/Terms`);
  });

  it('ignores a language the shop does not speak: no error, the plain address’s rendering', async () => {
    for (const url of ['/Terms?lang=de', '/Terms?lang=', '/Terms?lang=%3Cscript%3E']) {
      const response = await page(url, { cookie: 'lang=fr' });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<html lang="fr"');
      expect(canonical(response.body), url).toBe(`${SHOP}/Terms`);
    }
  });

  it('caches one rendering per canonical address and language: other parameters add no entry', async () => {
    shop.app.publicCache.invalidate();
    const urls = [
      '/FAQ?lang=fr',
      '/FAQ?utm_source=mail&lang=fr',
      '/faq?lang=fr-CA&x=1',
      '/some/where/FAQ?lang=fr#top',
      '/FAQ?lang=de',
      '/FAQ?lang=de&utm_source=mail',
      '/FAQ?utm_source=mail',
    ];
    for (const url of urls) expect((await page(url)).statusCode, url).toBe(200);
    // `/FAQ?lang=fr` in French, and `/FAQ` in the English visitor's language.
    expect(shop.app.publicCache.size).toBe(2);
    expect(canonical((await page('/faq?lang=fr-CA&x=1')).body)).toBe(`${SHOP}/FAQ?lang=fr`);
  });

  it('gives Home and a robot’s page the alternates of their own address, and keeps ?lang= through the robot redirect', async () => {
    const home = (await page('/?lang=fr')).body;
    expect(canonical(home)).toBe(`${SHOP}/?lang=fr`);
    expect(hreflangTags(home)).toEqual(alternatesOf('/'));

    const path = `/robots/${robot.slug}`;
    const robotPage = (await page(`${path}?lang=fr`)).body;
    expect(robotPage).toContain('<html lang="fr"');
    expect(canonical(robotPage)).toBe(`${SHOP}${path}?lang=fr`);
    expect(hreflangTags(robotPage)).toEqual(alternatesOf(path));
    const structured = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(robotPage)![1]!);
    expect(structured.url).toBe(`${SHOP}${path}?lang=fr`);

    const spec = await page(`/RobotDetail?robotId=${robot.id}&lang=fr`);
    expect(spec.statusCode).toBe(301);
    expect(spec.headers.location).toBe(`${path}?lang=fr`);
  });

  it('gives no alternates to pages not to index: the back office, a client’s pages, the password reset, an unknown robot', async () => {
    for (const url of [
      '/Settings?lang=fr',
      '/Dashboard',
      '/OrderForm?lang=en',
      '/ResetPassword?token=abc',
      '/RobotDetail?robotId=nope&lang=fr',
    ]) {
      const html = (await page(url)).body;
      expect(html, url).toContain('<link rel="canonical"');
      expect(hreflangTags(html), url).toEqual([]);
    }
    expect((await page('/Settings?lang=fr')).body).toContain('<html lang="fr"');
  });
});
