import type { Kysely } from 'kysely';
import { splitByLanguage, writtenLanguage } from './language-columns.js';

/**
 * Category names in English and French (issue 19 §2): `categories.name` becomes `name_en` and
 * `name_fr`. The name moves to the column of the shop's content language (the setting
 * `default_language`, English when it is empty); the other stays empty, so its readers see the
 * same name until the owner translates it. Names were never unique (the key is), and the lists
 * ordered by name are now ordered in the reader's language, so no index comes with the columns.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await splitByLanguage(db, 'categories', 'name', await writtenLanguage(db));
}
