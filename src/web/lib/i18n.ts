import { LANGUAGES, type Language } from '../../shared/constants.js';
import type { EmbeddedMessages } from './initial-data';
import { addressInLanguage, languageOfAddress, resolveLanguage } from '../../shared/language.js';
import { readStoredLanguage, storeLanguage } from './language';
import { navigate } from './router';
import { i18n, type Catalogue } from './translate';
import { setContentFallback } from './use-localized';

function browserLanguages(): readonly string[] {
  return window.navigator.languages;
}

/** Each catalogue is its own chunk, fetched only when a page did not bring it along. */
const catalogueLoaders: Record<Language, () => Promise<{ default: Catalogue }>> = {
  en: () => import('../locales/en.json'),
  fr: () => import('../locales/fr.json'),
};

async function ensureCatalogue(language: Language): Promise<void> {
  if (i18n.hasCatalogue(language)) return;
  i18n.addCatalogue(language, (await catalogueLoaders[language]()).default);
}

/**
 * Initialises translations before the first render, so it is already in the right language.
 * The server embeds the catalogue of the language it chose; only when the browser settles on
 * another one is a catalogue fetched. `adminDefault` is the `default_language` setting when the
 * page embedded it; otherwise `applyAdminDefaultLanguage` catches up once settings load.
 */
export async function initI18n(
  adminDefault: string | undefined,
  embedded: EmbeddedMessages | undefined,
): Promise<void> {
  setContentFallback(adminDefault);
  // An address that names a language (`?lang=fr`, a shared link or a search result) counts as the
  // visitor's choice: the server rendered it, and the next page, without the parameter, keeps it.
  const stored = languageOfAddress(window.location.search) ?? readStoredLanguage();
  // Re-writing a stored choice restores whichever copy was lost and keeps the cookie from expiring.
  if (stored !== null) storeLanguage(stored);
  const language = resolveLanguage({ stored, adminDefault, browser: browserLanguages() });
  if (embedded && (LANGUAGES as readonly string[]).includes(embedded.lang)) {
    i18n.addCatalogue(embedded.lang as Language, embedded.catalogue);
  }
  i18n.subscribe(() => setDocumentLanguage(i18n.language));
  await ensureCatalogue(language);
  i18n.changeLanguage(language);
  setDocumentLanguage(language);
}

/**
 * `<html lang>`, written only when it changes: writing it, even the same value, makes the browser
 * recompute the style of the whole page (the language can change fonts and `:lang()` rules), a
 * task of some 15–20 ms on a phone right after the server-drawn page showed (decision 0030).
 */
function setDocumentLanguage(language: Language): void {
  if (document.documentElement.lang !== language) document.documentElement.lang = language;
}

async function switchTo(language: Language): Promise<void> {
  await ensureCatalogue(language);
  i18n.changeLanguage(language);
}

/**
 * The visitor picked a language: remember it so it wins over every default on later visits. On a
 * page whose address names a language, the address follows, so that a link copied from it opens
 * in the language on screen (replaced, not pushed: Back does not undo a language).
 */
export function chooseLanguage(language: Language): void {
  storeLanguage(language);
  const { pathname, search, hash } = window.location;
  if (languageOfAddress(search) !== null && languageOfAddress(search) !== language)
    navigate(addressInLanguage(`${pathname}${search}${hash}`, language), { replace: true });
  void switchTo(language);
}

/** Follows the administrator's default, unless the visitor has made a choice of their own. */
export function applyAdminDefaultLanguage(adminDefault: string): void {
  setContentFallback(adminDefault);
  if (readStoredLanguage() !== null) return;
  const language = resolveLanguage({ stored: null, adminDefault, browser: browserLanguages() });
  if (language !== i18n.language) void switchTo(language);
}
