import type { FastifyInstance } from 'fastify';
import { CONTENT_PAGE_SLUGS, contentPageNames } from '../../shared/content-pages.js';
import { languageOfAddress } from '../../shared/language.js';
import { pagePath } from '../../shared/pages.js';
import { robotPath } from '../../shared/robot-slug.js';
import type { CatalogueService } from '../modules/catalogue/catalogue.service.js';
import type { SettingsService } from '../modules/settings/settings.service.js';
import { escapeHtml } from '../text/escape-html.js';
import { chooseLanguage } from '../text/language.js';
import { UNINDEXED_PAGES } from './indexed-pages.js';
import { alternateLinkTags, canonicalAddress, languageAlternates } from './language-alternates.js';
import type { PageShell } from './page-shell.js';
import { renderProductsPage } from './products-page.js';

interface SeoDeps {
  /** The built app's page, whose stylesheet Our Products shares; null before a build. */
  shell: PageShell | null;
  publicUrl: string;
  settings: SettingsService;
  catalogue: CatalogueService;
}

/** Pages a search engine should index; the admin pages and the API are not among them. */
const publicPages = [
  '/',
  '/FAQ',
  ...CONTENT_PAGE_SLUGS.map((slug) => pagePath(contentPageNames[slug])),
  '/product.html',
];

export function registerSeoRoutes(app: FastifyInstance, { shell, publicUrl, settings, catalogue }: SeoDeps): void {
  const absolute = (path: string) => new URL(path, publicUrl).toString();

  // Each page in each of its addresses (both languages and x-default), each listing all three as
  // alternates, itself included: the form search engines read hreflang from in a sitemap.
  app.get('/sitemap.xml', async (_request, reply) => {
    const robots = await catalogue.listPublicRobots({ sort: '-created_date' });
    const pages = [
      ...publicPages.map((path) => ({ path, lastmod: undefined as string | undefined })),
      ...robots.map((robot) => ({ path: robotPath(robot.slug), lastmod: robot.updated_at })),
    ];
    const body = pages
      .flatMap(({ path, lastmod }) => {
        const alternates = languageAlternates(path, publicUrl);
        const links = alternates
          .map(
            ({ hreflang, href }) =>
              `\n    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(href)}"/>`,
          )
          .join('');
        return alternates.map(
          ({ href }) =>
            `  <url>\n    <loc>${escapeHtml(href)}</loc>${lastmod ? `\n    <lastmod>${escapeHtml(lastmod)}</lastmod>` : ''}${links}\n  </url>`,
        );
      })
      .join('\n');
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(
        '<?xml version="1.0" encoding="UTF-8"?>\n' +
          '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
          `${body}\n</urlset>\n`,
      );
  });

  app.get('/robots.txt', async (_request, reply) => {
    const lines = [
      'User-agent: *',
      'Allow: /',
      'Disallow: /api/',
      ...UNINDEXED_PAGES.map((page) => `Disallow: ${pagePath(page)}`),
      '',
      `Sitemap: ${absolute('/sitemap.xml')}`,
    ];
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(`${lines.join('\n')}\n`);
  });

  // "Our Products": the active catalogue as a plain page, readable without JavaScript, in the
  // language its address names (`?lang=fr`) or else the visitor's.
  app.get('/product.html', async (request, reply) => {
    const [robots, publicSettings] = await Promise.all([
      catalogue.listPublicRobots({ sort: 'name' }),
      settings.getPublic(),
    ]);
    const language = chooseLanguage(request, publicSettings.default_language);
    const named = languageOfAddress(request.url);
    const html = renderProductsPage({
      robots,
      settings: publicSettings,
      language,
      named,
      canonicalUrl: absolute(canonicalAddress('/product.html', named)),
      alternates: alternateLinkTags('/product.html', publicUrl),
      stylesheets: shell?.stylesheets() ?? '',
    });
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
}
