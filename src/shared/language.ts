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
