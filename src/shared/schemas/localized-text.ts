import { z } from 'zod';
import { LANGUAGES } from '../constants.js';

/** The schemas of owner-written text in both languages (../localized-text.ts, issue 19 §2). */

type TextRule = { max: number; required: boolean };

/**
 * A localized field of an admin form. A required one needs at least one language written (the
 * other falls back to it); each translation is trimmed and bounded on its own.
 */
export function localizedTextSchema({ max, required }: TextRule) {
  const one = z.string().trim().max(max, `at most ${max} characters`);
  return z
    .object({ en: one.default(''), fr: one.default('') })
    .refine((text) => !required || LANGUAGES.some((language) => text[language] !== ''), {
      message: 'is required in at least one language',
    });
}

/** A localized text as the API sends it: both translations, '' where one is not written. */
export const localizedTextValueSchema = z.object({ en: z.string(), fr: z.string() });

export const localizedListValueSchema = z.object({ en: z.array(z.string()), fr: z.array(z.string()) });

/** A localized list of an admin form: each language's items checked on their own. */
export function localizedListSchema(item: z.ZodType<string>, maxItems: number) {
  const items = z.array(item).max(maxItems, `at most ${maxItems} items`);
  return z.object({ en: items.default([]), fr: items.default([]) });
}
