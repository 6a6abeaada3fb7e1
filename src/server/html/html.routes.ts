import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Language } from '../../shared/constants.js';
import { contentPageSlugOf } from '../../shared/content-pages.js';
import { documentTitle } from '../../shared/document-title.js';
import { pagePath, resolvePage, type PageName } from '../../shared/pages.js';
import type { Robot } from '../../shared/schemas/catalogue.js';
import type { PublicSettings } from '../../shared/settings-keys.js';
import { errorBody } from '../http/error-handler.js';
import { cachedRouteOptions, sendEntry, type PublicCache } from '../http/public-cache.js';
import type { BannersService } from '../modules/banners/banners.service.js';
import { activePublicRobots, type CatalogueService } from '../modules/catalogue/catalogue.service.js';
import type { ContentPagesService } from '../modules/content-pages/content-pages.service.js';
import type { SettingsService } from '../modules/settings/settings.service.js';
import { jsonForScript, textFromHtml } from '../text/escape-html.js';
import { chooseLanguage } from '../text/language.js';
import { browserCatalogue, pageTitle } from '../text/server-strings.js';
import { absoluteUrl, headTags, metaFromSettings } from './head-tags.js';
import type { PageShell } from './page-shell.js';

interface HtmlDeps {
  shell: PageShell | null;
  publicUrl: string;
  settings: SettingsService;
  catalogue: CatalogueService;
  banners: BannersService;
  pages: ContentPagesService;
  cache: PublicCache;
}

/** schema.org Product: search engines show the name and price. */
function productStructuredData(robot: Robot, description: string, url: string, publicUrl: string): string {
  const image = absoluteUrl(robot.image_url, publicUrl);
  const product = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: robot.name,
    description,
    sku: robot.id,
    ...(image ? { image } : {}),
    ...(robot.category ? { category: robot.category } : {}),
    offers: {
      '@type': 'Offer',
      price: robot.price.toFixed(2),
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      url,
    },
  };
  // A data block, not a script: the CSP that forbids inline scripts does not apply to it.
  return `\n    <script type="application/ld+json">${jsonForScript(product)}</script>`;
}

/**
 * Every GET that is neither an API route nor a file gets the app's HTML, with the page's meta
 * tags and first data already in it: link previews and the first paint need no API call.
 * Pages are rendered once per page, robot and language and kept in the public cache.
 */
export function registerHtmlPages(app: FastifyInstance, deps: HtmlDeps): void {
  const { shell, publicUrl, catalogue, cache } = deps;

  const render = async (
    page: PageName,
    canonicalPath: string,
    robotId: string,
    lang: Language,
    settings: PublicSettings,
  ): Promise<string> => {
    let meta = {
      ...metaFromSettings(settings, publicUrl, canonicalPath),
      title: documentTitle(pageTitle(lang, page), settings.seo_title),
    };
    // The interface strings of the page's language travel with the page instead of in the
    // JavaScript bundle, which then carries neither language.
    const data: Record<string, unknown> = { settings, messages: { lang, catalogue: browserCatalogue(lang) } };
    let structuredData = '';
    if (page === 'Home') {
      const [categories, robots, banners] = await Promise.all([
        catalogue.listActiveCategories(),
        catalogue.listPublicRobots({ sort: '-created_date' }),
        deps.banners.listActive(),
      ]);
      Object.assign(data, { categories, robots, banners });
    } else if (page === 'RobotDetail' && robotId) {
      const robot = await catalogue.getPublicRobot(robotId).catch(() => null);
      if (robot) {
        data.robot = robot;
        const description = textFromHtml(robot.description) || meta.description;
        meta = {
          ...meta,
          title: documentTitle(robot.name, settings.seo_title),
          description,
          image: robot.image_url || meta.image,
        };
        structuredData = productStructuredData(robot, description, meta.url, publicUrl);
      }
    } else if (contentPageSlugOf(page)) {
      // A link preview of the terms, say, shows the start of the terms, not the shop's slogan.
      const stored = await deps.pages.find(contentPageSlugOf(page)!);
      const description = textFromHtml(stored?.content ?? '', 200);
      if (description) meta = { ...meta, description };
    }
    return shell!.render({ lang, head: headTags(meta, publicUrl) + structuredData, data });
  };

  const renderPage = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!shell) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet: run `npm run build`.');
    }
    const settings = await cache.memo('settings:public', () => deps.settings.getPublic());
    const lang = chooseLanguage(request, settings.default_language);
    // The browser shows the page of the last path segment, and Home for anything unknown
    // (SPEC §2); the server renders that page under its canonical address, so tracking
    // parameters and odd spellings share one cached rendering.
    const page = resolvePage(request.url);
    // Only an active robot gets a rendering of its own; any other id shares the plain page, so
    // invented ids add no cache entry and no database read.
    const robotIdParam = (request.query as Record<string, unknown>).robotId;
    const isActiveRobot = async (id: unknown) =>
      typeof id === 'string' && (await activePublicRobots(cache, catalogue)).some((robot) => robot.id === id);
    const robotId = page === 'RobotDetail' && (await isActiveRobot(robotIdParam)) ? (robotIdParam as string) : '';
    const canonicalPath = robotId ? `${pagePath(page)}?robotId=${encodeURIComponent(robotId)}` : pagePath(page);
    const entry = await cache.get(`html:${canonicalPath}:${lang}`, 'text/html; charset=utf-8', () =>
      render(page, canonicalPath, robotId, lang, settings),
    );
    return sendEntry(request, reply, entry);
  };

  // The static files plugin answers every path it can; '/' is a folder to it, so claim it here.
  app.get('/', cachedRouteOptions, renderPage);

  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    const looksLikeFile = /\.[a-z0-9]+$/i.test(request.url.split('?')[0]!);
    if ((request.method === 'GET' || request.method === 'HEAD') && !isApi && !looksLikeFile)
      return renderPage(request, reply);
    return reply
      .status(404)
      .send(errorBody('not_found', `No route for ${request.method} ${request.url.split('?')[0]}`));
  });
}
