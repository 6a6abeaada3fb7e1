import { z } from 'zod';
import { LANGUAGES } from '../constants.js';

/** The schemas of owner-written text in both languages (../localized-text.ts, issue 19 §2). */

export type TextRule = { max: number; required: boolean };

/** What a required text written in no language is told, by these schemas and by the server's check of an update. */
export const REQUIRED_IN_ONE_LANGUAGE = 'is required in at least one language';

function translationSchema(max: number) {
  return z.string().trim().max(max, `at most ${max} characters`);
}

/**
 * A localized field of an admin form, as created. A required one needs at least one language
 * written (the other falls back to it); each translation is trimmed and bounded on its own; a
 * language not sent is '' (not written yet).
 */
export function localizedTextSchema({ max, required }: TextRule) {
  const one = translationSchema(max);
  return z
    .object({ en: one.default(''), fr: one.default('') })
    .refine((text) => !required || LANGUAGES.some((language) => text[language] !== ''), {
      message: REQUIRED_IN_ONE_LANGUAGE,
    });
}

/**
 * A localized field of an update (decision 0022): only the languages sent change, '' clears one,
 * one not sent stays as stored. Whether a required text keeps a language can only be known
 * against the stored one, which the server checks once written; here, only an update that
 * sends every language empty is refused at once.
 */
export function localizedTextPatchSchema({ max, required }: TextRule) {
  const one = translationSchema(max);
  return z
    .object({ en: one.optional(), fr: one.optional() })
    .refine((text) => !required || LANGUAGES.some((language) => text[language] !== ''), {
      message: REQUIRED_IN_ONE_LANGUAGE,
    });
}

/** A localized text as the API sends it: both translations, '' where one is not written. */
export const localizedTextValueSchema = z.object({ en: z.string(), fr: z.string() });

export const localizedListValueSchema = z.object({ en: z.array(z.string()), fr: z.array(z.string()) });

/** A localized list of an admin form, as created: each language's items checked on their own, [] when not sent. */
export function localizedListSchema(item: z.ZodType<string>, maxItems: number) {
  const items = z.array(item).max(maxItems, `at most ${maxItems} items`);
  return z.object({ en: items.default([]), fr: items.default([]) });
}

/** A localized list of an update: a language not sent keeps its stored list, [] empties one. */
export function localizedListPatchSchema(item: z.ZodType<string>, maxItems: number) {
  const items = z.array(item).max(maxItems, `at most ${maxItems} items`);
  return z.object({ en: items.optional(), fr: items.optional() });
}
