import { ROBOT_FALLBACK_IMAGE, type Language } from '../../shared/constants.js';
import { addressInLanguage } from '../../shared/language.js';
import { contentPageNames, LEGAL_PAGE_SLUGS } from '../../shared/content-pages.js';
import { documentTitle } from '../../shared/document-title.js';
import { contentLanguage, textIn } from '../../shared/localized-text.js';
import { robotPath } from '../../shared/robot-slug.js';
import type { Robot } from '../../shared/schemas/catalogue.js';
import type { PublicSettings } from '../../shared/settings-keys.js';
import { escapeHtml, textFromHtml } from '../text/escape-html.js';
import { browserCatalogue, serverStrings, shopTagline } from '../text/server-strings.js';

interface ProductsPageInput {
  robots: readonly Robot[];
  settings: PublicSettings;
  language: Language;
  /** The language the page's address named (`?lang=fr`): its links then keep naming it. */
  named: Language | null;
  canonicalUrl: string;
  /** The head's hreflang alternates (language-alternates.ts). */
  alternates: string;
  /** The app's stylesheet links, so this page wears the site's styles; empty before a build. */
  stylesheets: string;
}

const locales: Record<Language, string> = { en: 'en-US', fr: 'fr-FR' };

/**
 * "Our Products": the active catalogue as a plain page that needs no JavaScript, with the site's
 * header, footer and stylesheet (src/web/styles.css scans this file for its class names) and
 * numbers written the way the page's language writes them.
 */
export function renderProductsPage({
  robots,
  settings,
  language,
  named,
  canonicalUrl,
  alternates,
  stylesheets,
}: ProductsPageInput): string {
  // Without JavaScript the visitor's choice cannot be stored: the links carry it instead, and a
  // crawler reading the French page follows French addresses.
  const link = (path: string) => escapeHtml(named ? addressInLanguage(path, named) : path);
  const strings = serverStrings(language).products;
  const ui = browserCatalogue(language);
  const money = new Intl.NumberFormat(locales[language], { style: 'currency', currency: 'USD' });
  const percent = new Intl.NumberFormat(locales[language], {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  // Each robot's description in the page's language, else the shop's (issue 19 §2).
  const fallback = contentLanguage(settings.default_language);
  const navLink = (href: string, label: string, current = false) =>
    `<li><a href="${link(href)}"${current ? ' aria-current="page"' : ''} class="rounded-md font-medium transition-colors px-3 py-2 text-sm whitespace-nowrap ${current ? 'text-emerald-400' : 'text-slate-200 hover:bg-slate-800 hover:text-white'}">${escapeHtml(label)}</a></li>`;
  const cards = robots
    .map(
      (
        robot,
      ) => `<li class="flex *:flex-1"><article class="flex flex-col overflow-hidden rounded-xl border border-slate-800 bg-slate-900">
<img src="${escapeHtml(robot.image_url || ROBOT_FALLBACK_IMAGE)}" alt="" width="640" height="360" loading="lazy" class="aspect-video w-full bg-slate-800 object-cover">
<div class="flex flex-1 flex-col gap-4 p-4">
<h2 class="text-lg leading-7 font-semibold text-white">${escapeHtml(robot.name)}</h2>
<p class="text-sm text-slate-300">${escapeHtml(textFromHtml(textIn(robot.description, language, fallback), 240))}</p>
<dl class="grid grid-cols-2 gap-x-4 gap-y-3">
<div><dt class="text-xs leading-5 text-slate-400">${escapeHtml(strings.price)}</dt><dd class="text-base leading-6 font-semibold tabular-nums">${escapeHtml(money.format(robot.price))}</dd></div>
<div><dt class="text-xs leading-5 text-slate-400">${escapeHtml(strings.winrate)}</dt><dd class="text-base leading-6 font-semibold tabular-nums">${robot.winrate === null ? '—' : escapeHtml(percent.format(robot.winrate / 100))}</dd></div>
<div><dt class="text-xs leading-5 text-slate-400">${escapeHtml(strings.riskLevel)}</dt><dd class="text-base leading-6 font-semibold">${escapeHtml(strings.risk[robot.risk_level])}</dd></div>
</dl>
<a href="${link(robotPath(robot.slug))}" class="mt-auto inline-flex h-11 items-center justify-center gap-2 rounded-lg px-4 text-sm font-semibold transition-colors bg-emerald-500 text-slate-950 hover:bg-emerald-400">${escapeHtml(strings.details)}</a>
</div>
</article></li>`,
    )
    .join('\n');
  const siteName = escapeHtml(settings.site_name);
  const logoUrl = settings.site_logo_url.trim();
  // As the app's header draws it (src/web/app/layout/site-logo.tsx): the logo, when set, beside the name.
  const logo = logoUrl
    ? `<img src="${escapeHtml(logoUrl)}" alt="" height="36" class="h-9 w-auto max-w-20 shrink-0 object-contain sm:max-w-44">`
    : '';
  const legalLinks = LEGAL_PAGE_SLUGS.map(
    (slug) =>
      `<li><a href="${link(`/${contentPageNames[slug]}`)}" class="inline-block py-1.5 text-slate-300 underline-offset-4 hover:text-white hover:underline">${escapeHtml(ui.legal.titles[slug])}</a></li>`,
  ).join('');
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="dark">
<title>${escapeHtml(documentTitle(strings.title, settings, shopTagline(language), language))}</title>
<meta name="description" content="${escapeHtml(strings.intro)}">
<link rel="icon" href="${escapeHtml(settings.site_favicon_url || '/favicon.svg')}">
<link rel="canonical" href="${escapeHtml(canonicalUrl)}">${alternates}
${stylesheets}
</head>
<body>
<div class="flex min-h-dvh flex-col">
<header class="border-b border-slate-800 bg-slate-950/95">
<div class="page-container flex flex-wrap items-center gap-x-6 gap-y-2 py-3">
<a href="${link('/')}" class="flex min-w-0 items-center gap-2 rounded-md">${logo}<span class="truncate text-base font-bold tracking-tight text-white sm:text-lg">${siteName}</span></a>
<nav aria-label="${escapeHtml(ui.nav.mainLabel)}"><ul class="flex flex-wrap items-center gap-1">
${navLink('/', ui.nav.catalog)}${navLink('/FAQ', ui.nav.faq)}${navLink('/CopyTrade', ui.nav.copyTrade)}${navLink('/Update', ui.nav.update)}${navLink('/product.html', ui.nav.ourProducts, true)}
</ul></nav>
</div>
</header>
<main class="page-container flex-1 py-10">
<h1 class="text-3xl font-bold tracking-tight text-white">${escapeHtml(strings.title)}</h1>
<p class="mt-4 text-slate-300">${escapeHtml(strings.intro)}</p>
${cards ? `<ul class="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">\n${cards}\n</ul>` : `<p class="mt-8 text-slate-300">${escapeHtml(strings.empty)}</p>`}
</main>
<footer class="border-t border-slate-800 bg-slate-900/40">
<div class="page-container flex flex-col gap-3 py-10">
<nav aria-label="${escapeHtml(ui.legal.footerLabel)}"><ul class="flex flex-wrap gap-x-5 gap-y-1 text-sm">${legalLinks}</ul></nav>
<p class="text-sm text-slate-400">${escapeHtml(ui.footer.copyright.replace('{{year}}', String(new Date().getFullYear()))).replace('{{name}}', siteName)}</p>
</div>
</footer>
</div>
</body>
</html>`;
}
