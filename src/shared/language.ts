import { LANGUAGES, type Language } from './constants.js';

export const DEFAULT_LANGUAGE: Language = 'en';

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
 * language the browser asks for, else English. The browser app and the server (cookie, setting,
 * Accept-Language, when it sets `<html lang>`) both decide with this, so the first paint and the
 * app agree.
 */
export function resolveLanguage({ stored, adminDefault, browser }: LanguageSources): Language {
  const fromBrowser = browser.map(toLanguage).find((language) => language !== null);
  return toLanguage(stored) ?? toLanguage(adminDefault) ?? fromBrowser ?? DEFAULT_LANGUAGE;
}

/**
 * The query parameter that names the language of a page (`/FAQ?lang=fr`): each language of a page
 * has an address of its own, for search engines (hreflang) and for shared links.
 */
export const LANGUAGE_PARAMETER = 'lang';

/**
 * The language a page address names with `?lang=`, or null when it names none. An unsupported
 * value (`?lang=de`) is ignored like an absent one; a region (`fr-CA`) counts as its language.
 */
export function languageOfAddress(address: string | URLSearchParams): Language | null {
  // A path with its query (`/FAQ?lang=fr`) or a query alone (`?lang=fr`, `location.search`).
  const params = typeof address === 'string' ? new URL(address, 'http://localhost').searchParams : address;
  return toLanguage(params.get(LANGUAGE_PARAMETER));
}

/** The address of `path` in `language` (`/FAQ` -> `/FAQ?lang=fr`), any other parameter kept. */
export function addressInLanguage(path: string, language: Language): string {
  const url = new URL(path, 'http://localhost');
  url.searchParams.set(LANGUAGE_PARAMETER, language);
  return `${url.pathname}${url.search}${url.hash}`;
}
