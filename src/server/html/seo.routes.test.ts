import { parse, validate } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newRobot } from '../../../tests/support/factories.js';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.js';
import type { Robot } from '../../shared/schemas/catalogue.js';

describe('search engines and plain pages', () => {
  let shop: TestApp;
  let robots: Robot[];
  beforeAll(async () => {
    shop = await createTestApp('sqlite');
    robots = (await shop.app.inject('/api/robots')).json<Robot[]>();
  });
  afterAll(() => shop.close());

  it('lists Home, the public pages and every active robot in sitemap.xml, each in all its languages', async () => {
    const inactive = await newRobot(shop.app, { status: 'inactive' });
    const response = await shop.app.inject('/sitemap.xml');
    expect(response.headers['content-type']).toContain('application/xml');
    expect(validate(response.body)).toBe(true);
    const { urlset } = parse(response.body, { ignoreAttributes: false, attributeNamePrefix: '' }) as {
      urlset: {
        xmlns: string;
        'xmlns:xhtml': string;
        url: Array<{
          loc: string;
          lastmod?: string;
          'xhtml:link': Array<{ rel: string; hreflang: string; href: string }>;
        }>;
      };
    };
    expect(urlset.xmlns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    expect(urlset['xmlns:xhtml']).toBe('http://www.w3.org/1999/xhtml');
    const byLoc = new Map(urlset.url.map((entry) => [entry.loc, entry]));
    const pages = [
      '/',
      '/FAQ',
      '/CopyTrade',
      '/Update',
      '/Terms',
      '/Privacy',
      '/RefundPolicy',
      '/RiskDisclosure',
      '/product.html',
      ...robots.map((robot) => `/robots/${robot.slug}`),
    ];
    // Every address of every page is listed once, with the same three alternates, itself among them.
    expect(urlset.url).toHaveLength(pages.length * 3);
    for (const path of pages) {
      const alternates = [
        { rel: 'alternate', hreflang: 'en', href: `http://localhost:3000${path}?lang=en` },
        { rel: 'alternate', hreflang: 'fr', href: `http://localhost:3000${path}?lang=fr` },
        { rel: 'alternate', hreflang: 'x-default', href: `http://localhost:3000${path}` },
      ];
      for (const { href } of alternates) expect(byLoc.get(href)?.['xhtml:link'], href).toEqual(alternates);
    }
    const robot = robots[0]!;
    expect(byLoc.get(`http://localhost:3000/robots/${robot.slug}?lang=fr`)?.lastmod).toBe(robot.updated_at);
    expect(response.body).not.toContain(inactive.id);
    expect(response.body).not.toContain(inactive.slug);
  });

  it('points robots.txt at the sitemap and away from the API and admin pages', async () => {
    const body = (await shop.app.inject('/robots.txt')).body;
    expect(body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
    expect(body).toContain('Disallow: /api/');
    expect(body).toContain('Disallow: /Settings');
    expect(body).toContain('Disallow: /OrderLicence');
    expect(body).toContain('Disallow: /LicenceManagement');
    expect(body).toContain('Disallow: /ResetPassword');
    expect(body).not.toMatch(/^Disallow: \/FAQ$/m);
  });

  it('renders Our Products from the active robots, readable without JavaScript', async () => {
    const response = await shop.app.inject('/product.html');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).not.toContain('<script');
    for (const robot of robots) expect(response.body).toContain(robot.name);
  });

  it('renders Our Products in the language its address names, canonical at that address, with its alternates', async () => {
    const alternates =
      '\n    <link rel="alternate" hreflang="en" href="http://localhost:3000/product.html?lang=en">' +
      '\n    <link rel="alternate" hreflang="fr" href="http://localhost:3000/product.html?lang=fr">' +
      '\n    <link rel="alternate" hreflang="x-default" href="http://localhost:3000/product.html">';
    const english = { cookie: 'lang=en', 'accept-language': 'en-US' };

    const french = (await shop.app.inject({ url: '/product.html?lang=fr', headers: english })).body;
    expect(french).toContain('<html lang="fr">');
    expect(french).toContain(`<link rel="canonical" href="http://localhost:3000/product.html?lang=fr">${alternates}\n`);
    // Without JavaScript nothing remembers the choice: the page's links keep naming it.
    expect(french).toContain(`<a href="/robots/${robots[0]!.slug}?lang=fr"`);
    expect(french).toContain('<a href="/FAQ?lang=fr"');
    expect(french).toContain('<a href="/Terms?lang=fr"');

    const plain = (await shop.app.inject({ url: '/product.html?lang=de', headers: english })).body;
    expect(plain).toContain('<html lang="en">');
    expect(plain).toContain(`<link rel="canonical" href="http://localhost:3000/product.html">${alternates}\n`);
    expect(plain).toContain(`<a href="/robots/${robots[0]!.slug}"`);
    expect(plain).toContain('<a href="/FAQ"');
  });
});
