import type { Language } from './constants.js';
import { contentLanguage, textIn, type LocalizedText } from './localized-text.js';

/** What a page's `<title>` is made of: the shop's name and, for Home, its SEO title or tagline. */
export interface ShopTitles {
  /** The shop's name (setting site_name). */
  site_name: string;
  /** The owner's title for Home (setting seo_title), in each language; empty for the name and the tagline. */
  seo_title: LocalizedText;
  /** The shop's default language (setting default_language): where a missing translation falls back. */
  default_language: string;
}

/**
 * The `<title>` of a page in `language`: its own name, then the shop's. Home carries the owner's
 * SEO title (in the reader's language, else the shop's), or the shop's name with the tagline of
 * the page's language when none is set. The server writes it into the HTML and the browser app
 * sets it after each in-app navigation, the same way.
 */
export function documentTitle(
  pageTitle: string | null | undefined,
  shop: ShopTitles,
  tagline: string,
  language: Language,
): string {
  if (pageTitle) return `${pageTitle} | ${shop.site_name}`;
  const seoTitle = textIn(shop.seo_title, language, contentLanguage(shop.default_language));
  return seoTitle.trim() || `${shop.site_name} — ${tagline}`;
}
