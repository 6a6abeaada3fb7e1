import { LANGUAGES, type Language } from './constants.js';
import { DEFAULT_LANGUAGE, isLanguage } from './language.js';

// The zod schemas of these shapes are in schemas/localized-text.ts: the storefront's first load,
// which shows localized text, carries no zod.

/**
 * An owner-written text in each language of the shop (issue 19 §2): a FAQ's question, a page's
 * body, a robot's description. An empty string is a translation not written yet.
 */
export type LocalizedText = Record<Language, string>;

export function emptyLocalizedText(): LocalizedText {
  return { en: '', fr: '' };
}

/**
 * What an update sends of a localized text or list (decision 0022): only the languages it
 * changes. A language not sent stays as stored; one sent as '' (or []) is cleared.
 */
export type Translations<Value> = Partial<Record<Language, Value>>;
export type LocalizedTextPatch = Translations<string>;

/** The stored versions with the sent ones written over them: what the record holds after an update. */
export function withTranslations<Value>(
  stored: Record<Language, Value>,
  sent: Translations<Value>,
): Record<Language, Value> {
  const merged = { ...stored };
  for (const language of LANGUAGES) {
    const value = sent[language];
    if (value !== undefined) merged[language] = value;
  }
  return merged;
}

/**
 * Each language `text` holds, through `convert`: a whole text stays whole, an update's few
 * languages stay those few (a language not sent must not become a written '').
 */
export function mapTranslations<From, To, Text extends Translations<From>>(
  text: Text,
  convert: (value: From) => To,
): { [Key in keyof Text]: To } {
  const converted: Translations<To> = {};
  for (const language of LANGUAGES) {
    const value = text[language];
    if (value !== undefined) converted[language] = convert(value);
  }
  return converted as { [Key in keyof Text]: To };
}

/** Whether any language of a text is written (a required text needs one; the others fall back to it). */
export function isWrittenInOneLanguage(text: LocalizedText): boolean {
  return LANGUAGES.some((language) => text[language].trim() !== '');
}

/**
 * The language owner-written text falls back to when the reader's translation is missing: the
 * shop's default language, or English when the shop follows each visitor's browser ('').
 */
export function contentLanguage(defaultLanguage: string | null | undefined): Language {
  return isLanguage(defaultLanguage) ? defaultLanguage : DEFAULT_LANGUAGE;
}

/**
 * The version a reader of `language` gets: theirs if written, else the shop's content language's,
 * else whichever one is written, so a missing translation never leaves a blank.
 */
function versionIn<Value>(
  versions: Record<Language, Value>,
  language: Language,
  fallback: Language,
  isWritten: (value: Value) => boolean,
): Value | undefined {
  return [language, fallback, ...LANGUAGES].map((each) => versions[each]).find(isWritten);
}

/** The text a reader of `language` sees (see `versionIn`); '' when no language is written. */
export function textIn(text: LocalizedText, language: Language, fallback: Language): string {
  return versionIn(text, language, fallback, (value) => value.trim() !== '') ?? '';
}

const collators = new Map<Language, Intl.Collator>();

/** One collator per language, made on first use: making one is far dearer than comparing with it. */
function collatorOf(language: Language): Intl.Collator {
  let collator = collators.get(language);
  if (!collator) {
    collator = new Intl.Collator(language, { sensitivity: 'base', numeric: true });
    collators.set(language, collator);
  }
  return collator;
}

/**
 * Records in the alphabetical order of one of their texts as a reader of `language` sees it
 * (falling back as `textIn` does), compared the way that language sorts words: category names
 * (issue 19 §2), which the API sends in an order that suits no language in particular.
 */
export function sortByText<Item>(
  items: readonly Item[],
  text: (item: Item) => LocalizedText,
  language: Language,
  fallback: Language,
): Item[] {
  const collator = collatorOf(language);
  return items
    .map((item) => ({ item, shown: textIn(text(item), language, fallback) }))
    .sort((a, b) => collator.compare(a.shown, b.shown))
    .map(({ item }) => item);
}

/** The column of one translation: `question` -> `question_en`, `question_fr`. */
export function languageColumn<Field extends string>(field: Field, language: Language): `${Field}_${Language}` {
  return `${field}_${language}`;
}

/** A stored row's two columns of `field`, as one localized text. */
export function fromColumns<Field extends string>(
  row: { [Key in `${Field}_${Language}`]: string | null },
  field: Field,
): LocalizedText {
  return { en: row[languageColumn(field, 'en')] ?? '', fr: row[languageColumn(field, 'fr')] ?? '' };
}

/**
 * A localized text as the columns of `field` to write: one per language it holds, so an update
 * that sends one language leaves the other's column as stored.
 */
export function toColumns<Field extends string, Text extends Translations<string>>(field: Field, text: Text) {
  const columns: Record<string, string> = {};
  for (const language of LANGUAGES) {
    const value = text[language];
    if (value !== undefined) columns[languageColumn(field, language)] = value;
  }
  return columns as { [Key in keyof Text as Key extends Language ? `${Field}_${Key}` : never]: string };
}

/**
 * An owner-written list in each language, such as a robot's features (issue 19 §2). An empty list
 * is a translation not written yet.
 */
export type LocalizedList = Record<Language, string[]>;

/** The list a reader of `language` sees, falling back as `textIn` does when a list is empty. */
export function listIn(list: LocalizedList, language: Language, fallback: Language): string[] {
  return versionIn(list, language, fallback, (items) => items.length > 0) ?? [];
}

/** A list stored as JSON text (a hand-edited value that is not a list of strings reads as empty). */
export function parseStoredList(text: string | null): string[] {
  try {
    const value: unknown = JSON.parse(text ?? '[]');
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}
