import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Language } from '../../shared/constants.js';
import { toSlides } from '../../shared/banner-slides.js';
import { ROBOT_FALLBACK_IMAGE } from '../../shared/constants.js';
import { contentPageSlugOf } from '../../shared/content-pages.js';
import { documentTitle } from '../../shared/document-title.js';
import { languageOfAddress } from '../../shared/language.js';
import { contentLanguage, textIn } from '../../shared/localized-text.js';
import { pagePath, resolvePage, type PageName } from '../../shared/pages.js';
import { robotPath, robotSlugOfPath } from '../../shared/robot-slug.js';
import { imageSizes } from '../../shared/image-variants.js';
import type { Robot } from '../../shared/schemas/catalogue.js';
import type { PublicSettings } from '../../shared/settings-keys.js';
import { errorBody } from '../http/error-handler.js';
import { cachedRouteOptions, sendEntry, type PublicCache } from '../http/public-cache.js';
import type { BannersService } from '../modules/banners/banners.service.js';
import { activePublicRobots, formerRobotSlugs, type CatalogueService } from '../modules/catalogue/catalogue.service.js';
import type { ContentPagesService } from '../modules/content-pages/content-pages.service.js';
import type { SettingsService } from '../modules/settings/settings.service.js';
import { jsonForScript, textFromHtml } from '../text/escape-html.js';
import { chooseLanguage } from '../text/language.js';
import { browserCatalogue, pageTitle, shopTagline } from '../text/server-strings.js';
import { absoluteUrl, headTags, imagePreloadTag, metaFromSettings } from './head-tags.js';
import { isIndexedPage } from './indexed-pages.js';
import { alternateLinkTags, canonicalAddress } from './language-alternates.js';
import type { FirstPaint } from './first-paint.js';
import type { PageShell } from './page-shell.js';

interface HtmlDeps {
  shell: PageShell | null;
  publicUrl: string;
  settings: SettingsService;
  catalogue: CatalogueService;
  banners: BannersService;
  pages: ContentPagesService;
  cache: PublicCache;
  firstPaint: FirstPaint;
}

/** A data block, not a script: the CSP that forbids inline scripts does not apply to it. */
function structuredData(value: object): string {
  return `\n    <script type="application/ld+json">${jsonForScript(value)}</script>`;
}

/** schema.org Product: search engines show the name and price, sold by the shop under its own name. */
function productStructuredData(
  robot: Robot,
  /** The robot's category's name in the page's language; undefined without an active category. */
  category: string | undefined,
  description: string,
  url: string,
  publicUrl: string,
  siteName: string,
): string {
  const image = absoluteUrl(robot.image_url, publicUrl);
  const shop = { '@type': 'Organization', name: siteName, url: absoluteUrl('/', publicUrl) };
  return structuredData({
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: robot.name,
    description,
    sku: robot.id,
    url,
    brand: { '@type': 'Brand', name: siteName },
    ...(image ? { image } : {}),
    ...(category ? { category } : {}),
    offers: {
      '@type': 'Offer',
      price: robot.price.toFixed(2),
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      url,
      seller: shop,
    },
  });
}

/** schema.org WebSite on Home: the name search engines show for the site is the shop's. */
function siteStructuredData(siteName: string, publicUrl: string): string {
  return structuredData({
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: siteName,
    url: absoluteUrl('/', publicUrl),
  });
}

/**
 * Where a request for a robot's page should go instead, if anywhere: the SPEC address of an
 * active robot (`/RobotDetail?robotId=<id>`), a former slug, or an odd spelling of the current
 * one (`/Robots/Orion-EA/`) all move permanently to `/robots/<slug>`, other query parameters
 * kept. Unknown or inactive robots get no redirect: their page says "Robot not found", as before.
 */
async function robotRedirect(
  request: FastifyRequest,
  robots: Robot[],
  formerSlugs: () => Promise<Map<string, string>>,
): Promise<string | null> {
  const url = new URL(request.url, 'http://localhost');
  const slug = robotSlugOfPath(url.pathname);
  let robot: Robot | undefined;
  if (slug !== null) {
    robot = robots.find((candidate) => candidate.slug === slug);
    if (robot && url.pathname === robotPath(robot.slug)) return null;
    if (!robot) {
      const robotId = (await formerSlugs()).get(slug);
      robot = robots.find((candidate) => candidate.id === robotId);
    }
  } else {
    const robotId = url.searchParams.get('robotId');
    robot = robots.find((candidate) => candidate.id === robotId);
    url.searchParams.delete('robotId');
  }
  if (!robot) return null;
  return `${robotPath(robot.slug)}${url.search}`;
}

/**
 * Every GET that is neither an API route nor a file gets the app's HTML, with the page's meta
 * tags and first data already in it: link previews and the first paint need no API call.
 * Pages are rendered once per page, robot, language and address (plain or `?lang=`: decision
 * 0021) and kept in the public cache.
 */
export function registerHtmlPages(app: FastifyInstance, deps: HtmlDeps): void {
  const { shell, publicUrl, catalogue, cache } = deps;

  const render = async (
    page: PageName,
    canonicalPath: string,
    named: Language | null,
    robot: Robot | undefined,
    lang: Language,
    settings: PublicSettings,
  ): Promise<string> => {
    const tagline = shopTagline(lang);
    let meta = {
      ...metaFromSettings(settings, lang, publicUrl, canonicalAddress(canonicalPath, named)),
      title: documentTitle(pageTitle(lang, page), settings, tagline, lang),
    };
    // The page's other addresses, for the pages search engines may index; a robot id that names
    // no active robot renders "Robot not found", which has no other language to point to.
    const indexed = isIndexedPage(page) && (page !== 'RobotDetail' || robot !== undefined);
    const alternates = indexed ? alternateLinkTags(canonicalPath, publicUrl) : '';
    // The interface strings of the page's language travel with the page instead of in the
    // JavaScript bundle, which then carries neither language.
    const data: Record<string, unknown> = { settings, messages: { lang, catalogue: browserCatalogue(lang) } };
    let linkedData = '';
    // The page's largest picture, fetched with the scripts instead of after them (head-tags.ts).
    let preload = '';
    if (page === 'Home') {
      const [categories, robots, banners] = await Promise.all([
        catalogue.listActiveCategories(),
        catalogue.listPublicRobots({ sort: '-created_date' }),
        deps.banners.listActive(),
      ]);
      Object.assign(data, { categories, robots, banners });
      linkedData = siteStructuredData(settings.site_name, publicUrl);
      // The carousel's first slide, if it is a picture.
      const [first] = toSlides(banners);
      if (first?.kind === 'image') preload = imagePreloadTag(first.src, imageSizes.banner);
    } else if (page === 'RobotDetail' && robot) {
      data.robot = robot;
      // The robot's description and category in the page's language, else the shop's (issue 19 §2).
      const fallback = contentLanguage(settings.default_language);
      const robotText = textIn(robot.description, lang, fallback);
      const category = (await catalogue.listActiveCategories()).find((active) => active.key === robot.category);
      const description = textFromHtml(robotText) || meta.description;
      meta = {
        ...meta,
        title: documentTitle(robot.name, settings, tagline, lang),
        description,
        image: robot.image_url || meta.image,
      };
      linkedData = productStructuredData(
        robot,
        category && textIn(category.name, lang, fallback),
        description,
        meta.url,
        publicUrl,
        settings.site_name,
      );
      preload = imagePreloadTag(robot.image_url || ROBOT_FALLBACK_IMAGE, imageSizes.robotPicture);
    } else if (contentPageSlugOf(page)) {
      // A link preview of the terms, say, shows the start of the terms, not the shop's slogan, in
      // the reader's language (issue 19 §2), else in the shop's default one.
      const stored = await deps.pages.find(contentPageSlugOf(page)!);
      const fallback = contentLanguage(settings.default_language);
      const description = stored ? textFromHtml(textIn(stored.content, lang, fallback), 200) : '';
      if (description) meta = { ...meta, description };
      // The tab keeps the page's name in the reader's language (pageTitle), as the browser names
      // it after in-app navigation: never the owner's title in another language.
    }
    // Home and a robot's page carry all their first screen's data, so the server draws that
    // screen (decision 0024); other pages would only draw their loading state.
    const firstScreen =
      page === 'Home' || (page === 'RobotDetail' && robot)
        ? await deps.firstPaint.render(canonicalPath, lang, data)
        : '';
    return shell!.render({
      lang,
      head: headTags(meta, publicUrl) + alternates + linkedData,
      lateHead: preload + shell!.pageScripts(page),
      data,
      root: firstScreen,
    });
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
    // `?lang=` names the page's language (docs/decisions/0021-one-address-per-language.md): that
    // rendering is canonical at its own language's address, so it is cached apart from the
    // plain address's rendering in the same language.
    const named = languageOfAddress(request.url);
    // The browser shows the page of the last path segment, and Home for anything unknown
    // (SPEC §2); the server renders that page under its canonical address, so tracking
    // parameters and odd spellings share one cached rendering.
    const page = resolvePage(request.url);
    let robot: Robot | undefined;
    if (page === 'RobotDetail') {
      // Only an active robot gets a rendering of its own; any other id or slug shares the plain
      // page, so invented ones add no cache entry and no database read.
      const robots = await activePublicRobots(cache, catalogue);
      const redirect = await robotRedirect(request, robots, () => formerRobotSlugs(cache, catalogue));
      // Permanent, but revalidated: a slug given back to another robot later must not loop in a browser's cache.
      if (redirect) return reply.header('cache-control', 'no-cache').redirect(redirect, 301);
      const slug = robotSlugOfPath(request.url);
      robot = slug === null ? undefined : robots.find((candidate) => candidate.slug === slug);
    }
    const canonicalPath = robot ? robotPath(robot.slug) : pagePath(page);
    const entry = await cache.get(
      `html:${canonicalAddress(canonicalPath, named)}:${lang}`,
      'text/html; charset=utf-8',
      () => render(page, canonicalPath, named, robot, lang, settings),
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
