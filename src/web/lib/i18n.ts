import i18next from 'i18next';
import { LANGUAGES, type Language } from '../../shared/constants.js';
import type { EmbeddedMessages } from './initial-data';
import { resolveLanguage } from '../../shared/language.js';
import { readStoredLanguage, storeLanguage } from './language';

export const i18n = i18next.createInstance();

function browserLanguages(): readonly string[] {
  return window.navigator.languages;
}

/** Each catalogue is its own chunk, fetched only when a page did not bring it along. */
const catalogueLoaders: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  en: () => import('../locales/en.json'),
  fr: () => import('../locales/fr.json'),
};

async function ensureCatalogue(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  i18n.addResourceBundle(language, 'translation', (await catalogueLoaders[language]()).default);
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
  const stored = readStoredLanguage();
  // Re-writing a stored choice restores whichever copy was lost and keeps the cookie from expiring.
  if (stored !== null) storeLanguage(stored);
  const language = resolveLanguage({ stored, adminDefault, browser: browserLanguages() });
  i18n.on('languageChanged', (changed) => {
    document.documentElement.lang = changed;
  });
  await i18n.init({
    resources:
      embedded && (LANGUAGES as readonly string[]).includes(embedded.lang)
        ? { [embedded.lang]: { translation: embedded.catalogue } }
        : {},
    lng: language,
    // Both catalogues hold the same keys (a test checks it), so there is nothing to fall back to.
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    initAsync: false,
    // React escapes rendered text already; escaping twice would show entities.
    interpolation: { escapeValue: false },
  });
  await ensureCatalogue(language);
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
}

async function switchTo(language: Language): Promise<void> {
  await ensureCatalogue(language);
  await i18n.changeLanguage(language);
}

/** The visitor picked a language: remember it so it wins over every default on later visits. */
export function chooseLanguage(language: Language): void {
  storeLanguage(language);
  void switchTo(language);
}

/** Follows the administrator's default, unless the visitor has made a choice of their own. */
export function applyAdminDefaultLanguage(adminDefault: string): void {
  if (readStoredLanguage() !== null) return;
  const language = resolveLanguage({ stored: null, adminDefault, browser: browserLanguages() });
  if (language !== i18n.language) void switchTo(language);
}
