import type { FastifyInstance } from 'fastify';
import { CONTENT_PAGE_SLUGS, contentPageNames } from '../../shared/content-pages.js';
import { pagePath } from '../../shared/pages.js';
import { robotPath } from '../../shared/robot-slug.js';
import type { CatalogueService } from '../modules/catalogue/catalogue.service.js';
import type { SettingsService } from '../modules/settings/settings.service.js';
import { escapeHtml } from '../text/escape-html.js';
import { chooseLanguage } from '../text/language.js';
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
const adminPages = [
  '/Dashboard',
  '/OrderForm',
  '/RobotManagement',
  '/CategoryManagement',
  '/FAQManagement',
  '/CopyTradeManagement',
  '/UpdateManagement',
  '/HeroBannerManagement',
  '/NewsletterManagement',
  '/UserManagement',
  '/Settings',
  '/Account',
  '/OrderDetail',
  '/OrderLicence',
  '/LicenceManagement',
  '/PageManagement',
  '/Activity',
];

export function registerSeoRoutes(app: FastifyInstance, { shell, publicUrl, settings, catalogue }: SeoDeps): void {
  const absolute = (path: string) => new URL(path, publicUrl).toString();

  app.get('/sitemap.xml', async (_request, reply) => {
    const robots = await catalogue.listPublicRobots({ sort: '-created_date' });
    const entries = [
      ...publicPages.map((path) => ({ loc: absolute(path), lastmod: undefined as string | undefined })),
      ...robots.map((robot) => ({
        loc: absolute(robotPath(robot.slug)),
        lastmod: robot.updated_at,
      })),
    ];
    const body = entries
      .map(
        (entry) =>
          `  <url><loc>${escapeHtml(entry.loc)}</loc>${entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : ''}</url>`,
      )
      .join('\n');
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`,
      );
  });

  app.get('/robots.txt', async (_request, reply) => {
    const lines = [
      'User-agent: *',
      'Allow: /',
      'Disallow: /api/',
      ...adminPages.map((path) => `Disallow: ${path}`),
      '',
      `Sitemap: ${absolute('/sitemap.xml')}`,
    ];
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(`${lines.join('\n')}\n`);
  });

  // "Our Products": the active catalogue as a plain page, readable without JavaScript.
  app.get('/product.html', async (request, reply) => {
    const [robots, publicSettings] = await Promise.all([
      catalogue.listPublicRobots({ sort: 'name' }),
      settings.getPublic(),
    ]);
    const language = chooseLanguage(request, publicSettings.default_language);
    const html = renderProductsPage({
      robots,
      settings: publicSettings,
      language,
      canonicalUrl: absolute('/product.html'),
      stylesheets: shell?.stylesheets() ?? '',
    });
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
}
