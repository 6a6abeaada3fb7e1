import { LANGUAGES, type Language } from '../../shared/constants.js';
import { addressInLanguage } from '../../shared/language.js';
import { escapeHtml } from '../text/escape-html.js';

/** One address of a page: in a language, or, for `x-default`, the one that picks the language itself. */
export interface LanguageAlternate {
  hreflang: Language | 'x-default';
  /** Absolute. */
  href: string;
}

/**
 * The addresses of a page (docs/decisions/0021-one-address-per-language.md): `<path>?lang=<language>`
 * for each language, and the plain path as `x-default`, which chooses by the visitor's cookie and
 * browser. Search engines read them in the head and in the sitemap.
 */
export function languageAlternates(path: string, publicUrl: string): LanguageAlternate[] {
  return [
    ...LANGUAGES.map((language) => ({
      hreflang: language,
      href: new URL(addressInLanguage(path, language), publicUrl).toString(),
    })),
    { hreflang: 'x-default' as const, href: new URL(path, publicUrl).toString() },
  ];
}

/** The head's `<link rel="alternate" hreflang>` tags of a page, one per address. */
export function alternateLinkTags(path: string, publicUrl: string): string {
  return languageAlternates(path, publicUrl)
    .map(({ hreflang, href }) => `\n    <link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(href)}">`)
    .join('');
}

/**
 * The address a rendering is canonical at: its own language's address when the request named one
 * (`?lang=fr` is canonical at `?lang=fr`, never at another language's address), the plain path
 * otherwise (the x-default stays canonical at itself).
 */
export function canonicalAddress(path: string, named: Language | null): string {
  return named ? addressInLanguage(path, named) : path;
}
