import type { Kysely } from 'kysely';
import { LANGUAGES, type Language } from '../../../shared/constants.js';
import { contentLanguage, languageColumn, toColumns, type LocalizedText } from '../../../shared/localized-text.js';

// What the migrations that gave owner-written text two languages (0021–0023, issue 19 §2) share.
// A migration runs once per database: once shipped, what these do must not change.

/** The language the shop's existing text was written in: its default language, else English. */
export async function writtenLanguage(db: Kysely<any>): Promise<Language> {
  const stored = (await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', 'default_language')
    .executeTakeFirst()) as { value: string } | undefined;
  return contentLanguage(stored?.value);
}

/**
 * Column `field` of `table` becomes `field_en` and `field_fr`: the existing text moves to the
 * column of `written`, the other holds `empty` (a translation not written yet), and `field` goes.
 * The new columns are NOT NULL with a default because SQLite cannot add one without it.
 */
export async function splitByLanguage(
  db: Kysely<any>,
  table: string,
  field: string,
  written: Language,
  empty = '',
): Promise<void> {
  for (const language of LANGUAGES)
    await db.schema
      .alterTable(table)
      .addColumn(languageColumn(field, language), 'text', (c) => c.notNull().defaultTo(empty))
      .execute();
  await db
    .updateTable(table)
    .set((eb) => ({ [languageColumn(field, written)]: eb.ref(field) }))
    .execute();
  await db.schema.alterTable(table).dropColumn(field).execute();
}

/**
 * Text the shop was seeded with in one language (`seededIn`, English for the first seeds) that
 * nobody has changed since gets every language of `seeded`: the rows of `table` matched by
 * `where` whose column of `field` in some language still holds the seeded text while every other
 * language's is empty. Any language, because 0021–0023 moved the text to the column of the
 * shop's default language; a text the owner edited or translated is left as it is.
 */
export async function translateUntouchedSeed(
  db: Kysely<any>,
  table: string,
  field: string,
  where: { column: string; value: string },
  seeded: LocalizedText,
  seededIn: Language = 'en',
): Promise<void> {
  await db
    .updateTable(table)
    .set(toColumns(field, seeded))
    .where(where.column, '=', where.value)
    .where((eb) =>
      eb.or(
        LANGUAGES.map((holder) =>
          eb.and(
            LANGUAGES.map((language) =>
              eb(languageColumn(field, language), '=', language === holder ? seeded[seededIn] : ''),
            ),
          ),
        ),
      ),
    )
    .execute();
}
