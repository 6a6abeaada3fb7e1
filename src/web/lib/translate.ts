import type { Language } from '../../shared/constants.js';

/**
 * The few translation features the catalogues use, in about a kilobyte instead of i18next's
 * fifteen (gzip) in every visitor's first load (issue 21 §3): nested keys, `{{name}}`
 * interpolation, plurals by `Intl.PluralRules` (`key_one`, `key_other`), a list of keys tried in
 * turn, `defaultValue`, `returnObjects` and a key prefix. Keys are still typed against the English
 * catalogue through i18next's `TFunction` type (lib/i18next.d.ts), which costs no bytes.
 */

export type Catalogue = Record<string, unknown>;

export interface TranslateOptions {
  count?: number;
  defaultValue?: string;
  returnObjects?: boolean;
  [name: string]: unknown;
}

const catalogues = new Map<Language, Catalogue>();
const listeners = new Set<() => void>();
const pluralRules = new Map<Language, Intl.PluralRules>();
let current: Language = 'en';

function lookup(catalogue: Catalogue | undefined, key: string): unknown {
  let node: unknown = catalogue;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

function interpolate(text: string, options: TranslateOptions | undefined): string {
  if (!options) return text;
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) => {
    const value = options[name];
    return value === undefined || value === null ? whole : String(value);
  });
}

function pluralCategory(language: Language, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

/** The text of the first key that exists (its plural form first, when `count` is given). */
export function translate(keys: string | readonly string[], options?: TranslateOptions): unknown {
  const catalogue = catalogues.get(current);
  for (const key of typeof keys === 'string' ? [keys] : keys) {
    const candidates =
      typeof options?.count === 'number' ? [`${key}_${pluralCategory(current, options.count)}`, key] : [key];
    for (const candidate of candidates) {
      const value = lookup(catalogue, candidate);
      if (typeof value === 'string') return interpolate(value, options);
      if (value !== undefined && options?.returnObjects) return value;
    }
  }
  if (options?.defaultValue !== undefined) return interpolate(options.defaultValue, options);
  // As i18next does: a missing key shows itself, which a test or a reader notices.
  return typeof keys === 'string' ? keys : (keys[0] ?? '');
}

/** The interface's language and its catalogues; components follow it through `useTranslation`. */
export const i18n = {
  get language(): Language {
    return current;
  },
  hasCatalogue(language: Language): boolean {
    return catalogues.has(language);
  },
  addCatalogue(language: Language, catalogue: Catalogue): void {
    catalogues.set(language, catalogue);
  },
  changeLanguage(language: Language): void {
    if (language === current) return;
    current = language;
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
