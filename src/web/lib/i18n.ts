import i18next from 'i18next';
import { LANGUAGES, type Language } from '../../shared/constants.js';
import en from '../locales/en.json';
import fr from '../locales/fr.json';
import { DEFAULT_LANGUAGE, readStoredLanguage, resolveLanguage, storeLanguage } from './language';

export const i18n = i18next.createInstance();

function browserLanguages(): readonly string[] {
  return window.navigator.languages;
}

/**
 * Initialises translations synchronously (both catalogues are bundled) so the first render is
 * already in the right language. `adminDefault` is the `default_language` setting when the page
 * shell embedded it; otherwise `applyAdminDefaultLanguage` catches up once settings load.
 */
export function initI18n(adminDefault: string | undefined): void {
  const stored = readStoredLanguage();
  // Re-writing a stored choice restores whichever copy was lost and keeps the cookie from expiring.
  if (stored !== null) storeLanguage(stored);
  const language = resolveLanguage({ stored, adminDefault, browser: browserLanguages() });
  i18n.on('languageChanged', (changed) => {
    document.documentElement.lang = changed;
  });
  void i18n.init({
    resources: { en: { translation: en }, fr: { translation: fr } },
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    initAsync: false,
    // React escapes rendered text already; escaping twice would show entities.
    interpolation: { escapeValue: false },
  });
  document.documentElement.lang = language;
}

/** The visitor picked a language: remember it so it wins over every default on later visits. */
export function chooseLanguage(language: Language): void {
  storeLanguage(language);
  void i18n.changeLanguage(language);
}

/** Follows the administrator's default, unless the visitor has made a choice of their own. */
export function applyAdminDefaultLanguage(adminDefault: string): void {
  if (readStoredLanguage() !== null) return;
  const language = resolveLanguage({ stored: null, adminDefault, browser: browserLanguages() });
  if (language !== i18n.language) void i18n.changeLanguage(language);
}
