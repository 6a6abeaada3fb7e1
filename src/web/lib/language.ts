import { LANGUAGES, type Language } from '../../shared/constants.js';

export const DEFAULT_LANGUAGE: Language = 'en';

/** Where the visitor's own choice is kept; the cookie lets the server set `<html lang>` before any script runs. */
export const LANGUAGE_STORAGE_KEY = 'lang';
const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** 'fr-CA' -> 'fr'; anything unsupported -> null. */
export function toLanguage(tag: string | null | undefined): Language | null {
  const primary = tag?.trim().toLowerCase().split('-')[0];
  return isLanguage(primary) ? primary : null;
}

export type LanguageSources = {
  stored: string | null | undefined;
  adminDefault: string | null | undefined;
  /** The browser's preference list, most preferred first (`navigator.languages`). */
  browser: readonly string[];
};

/**
 * The visitor's stored choice, else the administrator's default, else the first supported
 * language the browser asks for, else English. The server applies the same order (cookie,
 * setting, Accept-Language) when it sets `<html lang>`, so the first paint and the app agree.
 */
export function resolveLanguage({ stored, adminDefault, browser }: LanguageSources): Language {
  const fromBrowser = browser.map(toLanguage).find((language) => language !== null);
  return toLanguage(stored) ?? toLanguage(adminDefault) ?? fromBrowser ?? DEFAULT_LANGUAGE;
}

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return null;
}

function readLocalStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The visitor's explicit choice, if any. Storage can throw (privacy modes), so the cookie backs it up. */
export function readStoredLanguage(): Language | null {
  return toLanguage(readLocalStorage(LANGUAGE_STORAGE_KEY)) ?? toLanguage(readCookie(LANGUAGE_STORAGE_KEY));
}

export function storeLanguage(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // The cookie below still records the choice.
  }
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LANGUAGE_STORAGE_KEY}=${language}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure}`;
}
