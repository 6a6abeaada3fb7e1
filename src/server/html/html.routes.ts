import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CatalogueService } from '../modules/catalogue/catalogue.service.js';
import type { SettingsService } from '../modules/settings/settings.service.js';
import { headTags, metaFromSettings, type PageMeta } from './head-tags.js';
import { jsonForScript, textFromHtml } from './escape-html.js';
import { chooseLanguage } from './language.js';
import type { PageShell } from './page-shell.js';

interface HtmlDeps {
  shell: PageShell | null;
  publicUrl: string;
  settings: SettingsService;
  catalogue: CatalogueService;
}

/** The page name of SPEC §2: the last path segment, case-insensitive; empty means Home. */
export function pageName(path: string): string {
  const segments = path.split('?')[0]!.split('/').filter(Boolean);
  return (segments.at(-1) ?? 'home').toLowerCase();
}

/**
 * Every GET that is neither an API route nor a file gets the app's HTML, with the page's meta
 * tags and first data already in it: link previews and the first paint need no API call.
 */
export function registerHtmlPages(app: FastifyInstance, deps: HtmlDeps): void {
  const renderPage = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!deps.shell) {
      return reply.status(503).type('text/plain; charset=utf-8').send('The web app is not built yet: run `npm run build`.');
    }
    const settings = await deps.settings.getPublic();
    const path = request.url;
    let meta: PageMeta = metaFromSettings(settings, deps.publicUrl, path);
    const data: Record<string, unknown> = { settings };
    let structuredData = '';
    const page = pageName(path);
    if (page === 'home' || page === '') {
      const [categories, robots] = await Promise.all([deps.catalogue.listActiveCategories(), deps.catalogue.listPublicRobots({ sort: '-created_date' })]);
      Object.assign(data, { categories, robots });
    } else if (page === 'robotdetail') {
      const robotId = (request.query as Record<string, unknown>).robotId;
      const robot = typeof robotId === 'string' && robotId ? await deps.catalogue.getPublicRobot(robotId).catch(() => null) : null;
      if (robot) {
        data.robot = robot;
        meta = { ...meta, title: `${robot.name} | ${settings.seo_title}`, description: textFromHtml(robot.description) || meta.description, image: robot.image_url || meta.image };
        // schema.org Product: search engines show the price and name. A data block, not a script,
        // so the CSP that forbids inline scripts does not apply to it.
        const product = {
          '@context': 'https://schema.org',
          '@type': 'Product',
          name: robot.name,
          description: meta.description,
          sku: robot.id,
          ...(robot.image_url ? { image: new URL(robot.image_url, deps.publicUrl).toString() } : {}),
          ...(robot.category ? { category: robot.category } : {}),
          offers: { '@type': 'Offer', price: robot.price.toFixed(2), priceCurrency: 'USD', availability: 'https://schema.org/InStock', url: meta.url },
        };
        structuredData = `\n    <script type="application/ld+json">${jsonForScript(product)}</script>`;
      }
    }
    const html = deps.shell.render({ lang: chooseLanguage(request, settings.default_language), head: headTags(meta, deps.publicUrl) + structuredData, data });
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  };

  // The static files plugin answers every path it can; '/' is a folder to it, so claim it here.
  app.get('/', renderPage);

  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    const looksLikeFile = /\.[a-z0-9]+$/i.test(request.url.split('?')[0]!);
    if ((request.method === 'GET' || request.method === 'HEAD') && !isApi && !looksLikeFile) return renderPage(request, reply);
    return reply.status(404).send({ error: { code: 'not_found', message: `No route for ${request.method} ${request.url.split('?')[0]}` } });
  });
}
