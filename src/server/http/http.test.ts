import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { saveSettings } from '../../../tests/support/settings.js';
import { createTestApp, testDialects, type TestApp } from '../../../tests/support/test-app.js';
import { buildApp } from '../app.js';
import { DataDirInUseError } from '../db/sqlite.js';
import type { Category, Robot } from '../../shared/schemas/catalogue.js';
import { DEFAULT_SITE_NAME } from '../../shared/constants.js';
import { escapeHtml } from '../text/escape-html.js';

const template = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8">
    <!--app-head-->
    <script type="module" src="/assets/index-abc123.js"></script>
  </head>
  <body><div id="root"></div><!--app-data--></body>
</html>`;

/** Asks until the cache's background compression is ready (a few milliseconds). */
async function compressedAnswer(shop: TestApp, url: string, encoding: 'br' | 'gzip') {
  for (let attempt = 0; ; attempt++) {
    const response = await shop.app.inject({ url, headers: { 'accept-encoding': encoding } });
    if (response.headers['content-encoding'] === encoding || attempt === 50) return response;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('HTTP layer', () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await createTestApp('sqlite');
    // The test app serves its web root from DATA_DIR/web; give it a built-looking app.
    const webRoot = path.join(shop.dataDir, 'web');
    mkdirSync(path.join(webRoot, 'assets'), { recursive: true });
    writeFileSync(path.join(webRoot, 'index.html'), template);
    writeFileSync(path.join(webRoot, 'assets/index-abc123.js'), 'console.log(1);'.repeat(200));
    writeFileSync(path.join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await shop.app.close();
    const app = await buildApp(shop.config, { logger: false, webRoot });
    shop = { ...shop, app };
  });
  afterAll(() => shop.close());

  it('reports the database in /api/health', async () => {
    const response = await shop.app.inject('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('answers unknown API paths with the JSON error shape', async () => {
    const response = await shop.app.inject('/api/does-not-exist');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'not_found', message: 'No route for GET /api/does-not-exist' } });
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json().error.code).toBeTruthy();
  });

  it('sends security headers with a CSP that allows YouTube frames and no inline script', async () => {
    const response = await shop.app.inject('/');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain('https://www.youtube-nocookie.com');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('renders Home with meta tags from settings and the catalogue embedded as JSON', async () => {
    const response = await shop.app.inject({ url: '/', headers: { 'accept-language': 'fr-FR,fr;q=0.9' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    const html = response.body;
    expect(html).toContain('<html lang="fr"');
    // The shop's description in the page's language (issue 19 §2).
    expect(html).toContain(
      '<meta name="description" content="Découvrez nos robots de trading propulsés par l’intelligence artificielle.">',
    );
    expect(html).toContain('<meta property="og:type" content="website">');
    const data = JSON.parse(/<script type="application\/json" id="app-data">(.*?)<\/script>/s.exec(html)![1]!);
    expect(data.robots.length).toBeGreaterThanOrEqual(8);
    expect(data.categories).toHaveLength(3);
    // Both translations of each category name: the page switches language without a request.
    expect(data.categories[0].name).toEqual({ en: 'Forex Scalpers', fr: 'Scalpers Forex' });
    expect(data.banners).toHaveLength(2);
    expect(Object.keys(data.messages.catalogue)).toContain('catalogue');
    expect(data.settings).not.toHaveProperty('n8n_secret_token');
  });

  it('routes any letter case of a page name to the app, and puts a robot into its page head', async () => {
    const robots = (await shop.app.inject('/api/robots')).json<Robot[]>();
    const robot = robots[0]!;
    const spec = await shop.app.inject(`/robotdetail?robotId=${robot.id}`);
    expect(spec.statusCode).toBe(301);
    expect(spec.headers.location).toBe(`/robots/${robot.slug}`);
    const response = await shop.app.inject(`/robots/${robot.slug}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`<title>${robot.name} | `);
    expect(response.body).toContain(`<meta property="og:image" content="http://localhost:3000${robot.image_url}">`);
    const structured = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(response.body)![1]!);
    const category = (await shop.app.inject('/api/categories'))
      .json<Category[]>()
      .find((c) => c.key === robot.category)!;
    expect(structured).toMatchObject({
      '@type': 'Product',
      name: robot.name,
      category: category.name.en,
      offers: { price: robot.price.toFixed(2), priceCurrency: 'USD' },
    });
    // The category's name in the page's language (issue 19 §2).
    const french = await shop.app.inject(`/robots/${robot.slug}?lang=fr`);
    const frenchData = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(french.body)![1]!);
    expect(frenchData.category).toBe(category.name.fr);
    expect(category.name.fr).not.toBe(category.name.en);
  });

  it('preloads the largest picture of Home and of a robot page', async () => {
    const home = (await shop.app.inject('/')).body;
    const data = JSON.parse(/<script type="application\/json" id="app-data">(.*?)<\/script>/s.exec(home)![1]!);
    const [first] = data.banners as Array<{ type: string; content_url: string }>;
    expect(first!.type).toBe('image');
    expect(home).toContain(`<link rel="preload" as="image" href="${first!.content_url}" fetchpriority="high">`);

    const robot = (await shop.app.inject('/api/robots')).json<Robot[]>()[0]!;
    const page = (await shop.app.inject(`/robots/${robot.slug}`)).body;
    expect(page).toContain(`<link rel="preload" as="image" href="${robot.image_url}" fetchpriority="high">`);
  });

  it('gives each page its own title, and a legal page its own description, in the page’s language', async () => {
    const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
    const site = escapeHtml(DEFAULT_SITE_NAME);
    expect(title((await shop.app.inject('/')).body)).toBe(`${site} — AI Trading Robots for MT4 &amp; MT5`);
    expect(title((await shop.app.inject('/FAQ')).body)).toBe(`FAQ | ${site}`);
    expect(title((await shop.app.inject('/Account')).body)).toBe(`My account | ${site}`);
    const terms = await shop.app.inject({ url: '/terms', headers: { 'accept-language': 'fr-FR,fr;q=0.9' } });
    expect(title(terms.body)).toBe(`Conditions générales de vente | ${site}`);
    // Heading and body in the reader's language: the French template, not the English one (issue 19 §2).
    expect(terms.body).toContain('<meta name="description" content="Modèle : remplacez ce texte avant de vendre.');
    const englishTerms = await shop.app.inject({ url: '/terms', headers: { 'accept-language': 'en' } });
    expect(englishTerms.body).toContain(
      '<meta name="description" content="Template: replace this text before you sell.',
    );
    expect(terms.body).toContain('<link rel="canonical" href="http://localhost:3000/Terms">');
  });

  it('escapes stored text that would break out of the page', async () => {
    const { db } = shop.app.database;
    await saveSettings(shop.app, { seo_title: { en: '</title><script>alert(1)</script>' } });
    await db
      .updateTable('robots')
      .set({ name: '</script><script>alert(2)</script>' })
      .where('status', '=', 'active')
      .execute();
    // Written behind the app's back, as another instance would: drop what this one has cached.
    shop.app.publicCache.invalidate();
    const html = (await shop.app.inject('/')).body;
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('&lt;/title&gt;&lt;script&gt;');
  });

  it('caches hashed assets for a year and other files for an hour; never serves the raw template', async () => {
    const asset = await shop.app.inject('/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await shop.app.inject('/favicon.svg')).headers['cache-control']).toBe('public, max-age=3600');
    const raw = await shop.app.inject('/index.html');
    expect(raw.body).not.toContain('<!--app-head-->');
  });

  it('compresses large responses for clients that accept it', async () => {
    const response = await compressedAnswer(shop, '/api/robots', 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('refuses a second app on the same DATA_DIR while the first runs', async () => {
    await expect(buildApp(shop.config, { logger: false })).rejects.toBeInstanceOf(DataDirInUseError);
  });
});

describe('access declarations', () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await createTestApp('sqlite');
  });
  afterAll(() => shop.close());

  it('every registered API route declares who may call it', () => {
    const undeclared = shop.app.apiRoutes
      .filter((route) => !route.access)
      .map((route) => `${route.method} ${route.url}`);
    expect(shop.app.apiRoutes.length).toBeGreaterThan(5);
    expect(undeclared).toEqual([]);
  });

  it('refuses a route registered without an access level', async () => {
    const app = await buildApp(
      {
        ...shop.config,
        dataDir: `${shop.dataDir}-2`,
        database: { dialect: 'sqlite', file: `${shop.dataDir}-2/shop.db` },
      },
      { logger: false },
    );
    app.get('/api/forgotten', { schema: { querystring: z.object({}) } }, async () => ({ secret: 'leaked' }));
    const response = await app.inject('/api/forgotten');
    expect(response.statusCode).toBe(403);
    expect(response.body).not.toContain('leaked');
    expect(app.apiRoutes.find((route) => route.url === '/api/forgotten')?.access).toBeUndefined();
    await app.close();
  });
});

describe('public read cache', () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await createTestApp('sqlite');
  });
  afterAll(() => shop.close());

  it('answers a repeated read with 304 when the client has it, and compresses once per encoding, off the request path', async () => {
    // A miss is answered at once, uncompressed; the compressed copy follows from the thread pool.
    const first = await shop.app.inject({ url: '/api/robots', headers: { 'accept-encoding': 'br' } });
    expect(first.headers['content-encoding']).toBeUndefined();
    const compressed = await compressedAnswer(shop, '/api/robots', 'br');
    expect(compressed.headers.etag).toBe(first.headers.etag);
    const etag = String(first.headers.etag);
    const again = await shop.app.inject({ url: '/api/robots', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    const plain = await shop.app.inject('/api/robots');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json<unknown[]>().length).toBeGreaterThan(0);
  });

  it('shows another instance’s writes after the time to live, and this instance’s at once', async () => {
    const { db } = shop.app.database;
    const before = (await shop.app.inject('/api/faqs')).json<unknown[]>().length;
    await db.updateTable('faqs').set({ active: false }).execute();
    expect((await shop.app.inject('/api/faqs')).json<unknown[]>()).toHaveLength(before);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await shop.app.inject('/api/faqs')).json<unknown[]>()).toHaveLength(0);
  });
});

describe.each(testDialects)('security headers on every answer on %s', (dialect) => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await createTestApp(dialect);
  });
  afterAll(() => shop.close());

  it('sends them with the cross-origin refusal too', async () => {
    const api = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { origin: 'https://evil.example' },
    });
    expect(api.statusCode).toBe(403);
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['cross-origin-resource-policy']).toBe('same-origin');
    const page = await shop.app.inject({
      method: 'POST',
      url: '/Dashboard',
      headers: { origin: 'https://evil.example' },
    });
    expect(page.statusCode).toBe(403);
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('gives an HTML page served under /api (better-auth’s error page) a CSP and frame protection', async () => {
    const response = await shop.app.inject('/api/auth/error?error=state_mismatch');
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});
