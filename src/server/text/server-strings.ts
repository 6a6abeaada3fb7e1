import type { Language } from '../../shared/constants.js';
import en from '../../web/locales/en.json' with { type: 'json' };
import fr from '../../web/locales/fr.json' with { type: 'json' };

type Catalogue = typeof en;
const catalogues: Record<Language, Catalogue> = { en, fr: fr as Catalogue };

/**
 * The strings the browser app uses, embedded in each page so it needs no extra request for them;
 * the server's own pages and emails stay out.
 */
export function browserCatalogue(
  language: Language,
): Omit<Catalogue, 'serverPages' | 'orderEmails' | 'newsletterMail'> {
  const {
    serverPages: _serverOnly,
    orderEmails: _orderEmailsOnly,
    newsletterMail: _newsletterMailOnly,
    ...browser
  } = catalogues[language];
  return browser;
}

/**
 * Strings of the pages the server renders itself (Our Products, unsubscribe), read from the same
 * catalogues as the browser app so that every visible string has one home per language.
 */
export function serverStrings(language: Language): Catalogue['serverPages'] {
  return catalogues[language].serverPages;
}

/** The name of each page for its `<title>`, in the page's language; Home has none of its own. */
export function pageTitle(language: Language, page: string): string | undefined {
  return page === 'Home' ? undefined : (catalogues[language].documentTitles as Record<string, string>)[page];
}

/** The words after the shop's name in Home's title when the owner set no SEO title. */
export function shopTagline(language: Language): string {
  return catalogues[language].brand.tagline;
}

/** Texts of the order emails (received, paid, delivered, and the administrators' note). */
export function orderEmailStrings(language: Language): Catalogue['orderEmails'] {
  return catalogues[language].orderEmails;
}

/** Newsletter emails (confirmation, footer) and the double opt-in confirmation page. */
export function newsletterMailStrings(language: Language): Catalogue['newsletterMail'] {
  return catalogues[language].newsletterMail;
}
