import type { Language } from '../../shared/constants.js';
import { imageSrcSet } from '../../shared/image-variants.js';
import { contentLanguage, textIn } from '../../shared/localized-text.js';
import type { PublicSettings } from '../../shared/settings-keys.js';
import { escapeHtml } from '../text/escape-html.js';

export interface PageMeta {
  title: string;
  /** The shop's name (setting site_name), for og:site_name. */
  siteName: string;
  description: string;
  keywords: string;
  image: string;
  /** Absolute URL of the page. */
  url: string;
  favicon: string;
}

/** The shop's meta tags in the page's language; a text not translated falls back to the shop's language. */
export function metaFromSettings(
  settings: PublicSettings,
  language: Language,
  publicUrl: string,
  path: string,
): PageMeta {
  const fallback = contentLanguage(settings.default_language);
  return {
    title: textIn(settings.seo_title, language, fallback),
    siteName: settings.site_name,
    description: textIn(settings.seo_description, language, fallback),
    keywords: settings.seo_keywords,
    image: settings.seo_image_url,
    url: new URL(path, publicUrl).toString(),
    favicon: settings.site_favicon_url || '/favicon.svg',
  };
}

/**
 * `url` made absolute against the shop's address, or '' when it is empty or not a URL at all:
 * a stored value that does not parse (an old row, a hand-edited database) drops its tag instead
 * of failing the page.
 */
export function absoluteUrl(url: string | null, publicUrl: string): string {
  if (!url) return '';
  try {
    return new URL(url, publicUrl).toString();
  } catch {
    return '';
  }
}

/** The tags that link previews read without running JavaScript. */
export function headTags(meta: PageMeta, publicUrl: string): string {
  const image = absoluteUrl(meta.image, publicUrl);
  const tag = (attribute: 'name' | 'property', key: string, value: string) =>
    value ? `<meta ${attribute}="${key}" content="${escapeHtml(value)}">` : '';
  return [
    `<title>${escapeHtml(meta.title)}</title>`,
    tag('name', 'description', meta.description),
    tag('name', 'keywords', meta.keywords),
    tag('property', 'og:type', 'website'),
    tag('property', 'og:site_name', meta.siteName),
    tag('property', 'og:title', meta.title),
    tag('property', 'og:description', meta.description),
    tag('property', 'og:url', meta.url),
    tag('property', 'og:image', image),
    tag('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    tag('name', 'twitter:title', meta.title),
    tag('name', 'twitter:description', meta.description),
    tag('name', 'twitter:image', image),
    `<link rel="icon" href="${escapeHtml(meta.favicon)}">`,
    `<link rel="canonical" href="${escapeHtml(meta.url)}">`,
  ]
    .filter(Boolean)
    .join('\n    ');
}

/**
 * The preload of the page's largest picture (the robot's, the first hero banner), so that the
 * browser fetches it with the scripts rather than after them, first among images. An uploaded
 * photo is preloaded as the same WebP variant its `<img srcset sizes>` will pick; `sizes` must be
 * the one the page's `<img>` has.
 */
export function imagePreloadTag(url: string, sizes: string): string {
  const srcSet = imageSrcSet(url);
  const choice = srcSet
    ? `imagesrcset="${escapeHtml(srcSet)}" imagesizes="${escapeHtml(sizes)}"`
    : `href="${escapeHtml(url)}"`;
  return `\n    <link rel="preload" as="image" ${choice} fetchpriority="high">`;
}
