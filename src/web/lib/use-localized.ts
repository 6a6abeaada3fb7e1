import { useCallback, useSyncExternalStore } from 'react';
import type { Language } from '../../shared/constants.js';
import { DEFAULT_LANGUAGE } from '../../shared/language.js';
import {
  contentLanguage,
  listIn,
  sortByText,
  textIn,
  type LocalizedList,
  type LocalizedText,
} from '../../shared/localized-text.js';
import { useTranslation } from './use-translation';

// The shop's content language: what owner-written text falls back to. i18n.ts sets it from the
// `default_language` setting as soon as it is known (embedded in the page, or once settings load).
let fallback: Language = DEFAULT_LANGUAGE;
const listeners = new Set<() => void>();

export function setContentFallback(defaultLanguage: string | null | undefined): void {
  const next = contentLanguage(defaultLanguage);
  if (next === fallback) return;
  fallback = next;
  for (const listener of listeners) listener();
}

function getFallback(): Language {
  return fallback;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The reader's interface language and the shop's fallback: what owner-written text is resolved with. */
export interface ReaderLanguages {
  language: Language;
  shopFallback: Language;
}

/**
 * The reader's languages, for code that resolves owner-written text outside the hooks below (the
 * Activity page's values, in features/audit/activity-text.ts), so it falls back as they do.
 */
export function useReaderLanguages(): ReaderLanguages {
  const { i18n } = useTranslation();
  const shopFallback = useSyncExternalStore(subscribe, getFallback, getFallback);
  return { language: i18n.language as Language, shopFallback };
}

/**
 * Owner-written text in the reader's language (issue 19 §2). The public API sends both
 * translations, so switching the interface's language needs no new request; a missing one falls
 * back to the shop's default language, as the server-rendered page does.
 */
export function useLocalized(): (text: LocalizedText) => string {
  const { language, shopFallback } = useReaderLanguages();
  return useCallback((text: LocalizedText) => textIn(text, language, shopFallback), [language, shopFallback]);
}

/** An owner-written list (a robot's features) in the reader's language, falling back as `useLocalized` does. */
export function useLocalizedList(): (list: LocalizedList) => string[] {
  const { language, shopFallback } = useReaderLanguages();
  return useCallback((list: LocalizedList) => listIn(list, language, shopFallback), [language, shopFallback]);
}

/**
 * Records in the alphabetical order of one of their owner-written texts as the reader sees it
 * (category names): the API's order suits no language in particular.
 */
export function useSortByLocalized(): <Item>(items: readonly Item[], text: (item: Item) => LocalizedText) => Item[] {
  const { language, shopFallback } = useReaderLanguages();
  return useCallback(
    <Item>(items: readonly Item[], text: (item: Item) => LocalizedText) =>
      sortByText(items, text, language, shopFallback),
    [language, shopFallback],
  );
}
