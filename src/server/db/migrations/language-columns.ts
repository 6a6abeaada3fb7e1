import type { Kysely } from 'kysely';
import { LANGUAGES, type Language } from '../../../shared/constants.js';
import { contentLanguage, languageColumn } from '../../../shared/localized-text.js';

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
