import type { FastifyInstance } from 'fastify';
import { CONTENT_PAGE_SLUGS, contentPageNames } from '../../shared/content-pages.js';
import { pagePath } from '../../shared/pages.js';
import type { CatalogueService } from '../modules/catalogue/catalogue.service.js';
import type { SettingsService } from '../modules/settings/settings.service.js';
import { escapeHtml, textFromHtml } from './escape-html.js';
import { chooseLanguage } from './language.js';
import { serverStrings } from './server-strings.js';

interface SeoDeps {
  publicUrl: string;
  settings: SettingsService;
  catalogue: CatalogueService;
}

/** Pages a search engine should index; the admin pages and the API are not among them. */
const publicPages = ['/', '/FAQ', ...CONTENT_PAGE_SLUGS.map((slug) => pagePath(contentPageNames[slug])), '/product.html'];
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
];

export function registerSeoRoutes(app: FastifyInstance, { publicUrl, settings, catalogue }: SeoDeps): void {
  const absolute = (path: string) => new URL(path, publicUrl).toString();

  app.get('/sitemap.xml', async (_request, reply) => {
    const robots = await catalogue.listPublicRobots({ sort: '-created_date' });
    const entries = [
      ...publicPages.map((path) => ({ loc: absolute(path), lastmod: undefined as string | undefined })),
      ...robots.map((robot) => ({ loc: absolute(`/RobotDetail?robotId=${encodeURIComponent(robot.id)}`), lastmod: robot.updated_at })),
    ];
    const body = entries
      .map((entry) => `  <url><loc>${escapeHtml(entry.loc)}</loc>${entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : ''}</url>`)
      .join('\n');
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`);
  });

  app.get('/robots.txt', async (_request, reply) => {
    const lines = ['User-agent: *', 'Allow: /', 'Disallow: /api/', ...adminPages.map((path) => `Disallow: ${path}`), '', `Sitemap: ${absolute('/sitemap.xml')}`];
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(`${lines.join('\n')}\n`);
  });

  // "Our Products": the active catalogue as a plain page, readable without JavaScript.
  app.get('/product.html', async (request, reply) => {
    const [robots, publicSettings] = await Promise.all([catalogue.listPublicRobots({ sort: 'name' }), settings.getPublic()]);
    const language = chooseLanguage(request, publicSettings.default_language);
    const strings = serverStrings(language).products;
    const money = new Intl.NumberFormat(language === 'fr' ? 'fr-FR' : 'en-US', { style: 'currency', currency: 'USD' });
    const percent = new Intl.NumberFormat(language === 'fr' ? 'fr-FR' : 'en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const cards = robots
      .map(
        (robot) => `<article>
<img src="${escapeHtml(robot.image_url || '/images/robot-fallback.svg')}" alt="" width="400" height="300" loading="lazy">
<h2>${escapeHtml(robot.name)}</h2>
<p>${escapeHtml(textFromHtml(robot.description, 240))}</p>
<dl><dt>${escapeHtml(strings.price)}</dt><dd>${escapeHtml(money.format(robot.price))}</dd><dt>${escapeHtml(strings.winrate)}</dt><dd>${robot.winrate === null ? '—' : `${escapeHtml(percent.format(robot.winrate))} %`}</dd><dt>${escapeHtml(strings.riskLevel)}</dt><dd>${escapeHtml(strings.risk[robot.risk_level])}</dd></dl>
<a href="/RobotDetail?robotId=${encodeURIComponent(robot.id)}">${escapeHtml(strings.details)}</a>
</article>`,
      )
      .join('\n');
    const title = `${strings.title} | ${publicSettings.seo_title}`;
    const html = `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<meta name="description" content="${escapeHtml(strings.intro)}">
<link rel="icon" href="${escapeHtml(publicSettings.site_favicon_url || '/favicon.svg')}">
<link rel="canonical" href="${escapeHtml(absolute('/product.html'))}">
<style>body{margin:0;font-family:system-ui,sans-serif;background:#0f172a;color:#e2e8f0}header,main{max-width:72rem;margin:auto;padding:1.5rem}a{color:#6ee7b7}main{display:grid;gap:1.5rem;grid-template-columns:repeat(auto-fill,minmax(18rem,1fr))}article{background:#1e293b;border-radius:.75rem;padding:1rem}img{width:100%;height:auto;aspect-ratio:4/3;border-radius:.5rem;background:#0f172a}dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}dt{color:#94a3b8}dd{margin:0}</style>
</head>
<body>
<header><p><a href="/">${escapeHtml(serverStrings(language).backToShop)}</a></p><h1>${escapeHtml(strings.title)}</h1><p>${escapeHtml(strings.intro)}</p></header>
<main>
${cards || `<p>${escapeHtml(strings.empty)}</p>`}
</main>
</body>
</html>`;
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
}
