import type { Kysely } from 'kysely';
import { contentLanguage } from '../../../shared/localized-text.js';

/**
 * Category names in English and French (issue 19 §2): `categories.name` becomes `name_en` and
 * `name_fr`. The name moves to the column of the shop's content language (the setting
 * `default_language`, English when it is empty); the other stays empty, so its readers see the
 * same name until the owner translates it. Names were never unique (the key is), and the lists
 * ordered by name are now ordered in the reader's language, so no index comes with the columns.
 *
 * New columns are added NOT NULL with a default because SQLite cannot add one without it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const stored = (await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', 'default_language')
    .executeTakeFirst()) as { value: string } | undefined;
  const language = contentLanguage(stored?.value);

  await db.schema
    .alterTable('categories')
    .addColumn('name_en', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('categories')
    .addColumn('name_fr', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db
    .updateTable('categories')
    .set((eb) => ({ [`name_${language}`]: eb.ref('name') }))
    .execute();
  await db.schema.alterTable('categories').dropColumn('name').execute();
}
