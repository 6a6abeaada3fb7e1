import type { Language } from '../../shared/constants.js';
import { toLanguage } from '../../shared/language.js';

/** Where the visitor's own choice is kept; the cookie lets the server set `<html lang>` before any script runs. */
export const LANGUAGE_STORAGE_KEY = 'lang';
const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

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
