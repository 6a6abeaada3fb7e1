import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { contentLanguage } from '../../../shared/localized-text.js';

/** The owner's settings texts that become one row per language, with the values every shop was given before. */
const LOCALIZED_SETTINGS: Record<string, { en: string; fr: string } | null> = {
  chatbot_welcome_message: { en: 'Hello! How can I help you?', fr: 'Bonjour ! Comment puis-je vous aider ?' },
  seo_title: null,
  seo_description: {
    en: 'Discover our AI trading robots powered by artificial intelligence.',
    fr: 'Découvrez nos robots de trading propulsés par l’intelligence artificielle.',
  },
  hero_title: null,
  hero_description: null,
};

/**
 * Robot texts, banner titles and the shop's own texts in English and French (issue 19 §2):
 * - robots' `description` and `features` become `description_en`/`description_fr` and
 *   `features_en`/`features_fr` (JSON lists), banners' `title` becomes `title_en`/`title_fr`;
 * - the settings `chatbot_welcome_message`, `seo_title`, `seo_description`, `hero_title` and
 *   `hero_description` become one row per language, `hero_title_en` and `hero_title_fr`.
 * What was written moves to the column (or row) of the shop's content language (the setting
 * `default_language`, English when it is empty); the other language stays empty, so its readers
 * see the same text until the owner translates it. A setting still at the default every shop was
 * given (`Hello! How can I help you?`) gets that default in each language instead, as a new shop does.
 *
 * New columns are added NOT NULL with a default because SQLite cannot add one without it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const stored = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', 'default_language')
    .executeTakeFirst();
  const language = contentLanguage((stored as { value: string } | undefined)?.value);
  const column = (field: string) => `${field}_${language}`;

  await db.schema
    .alterTable('robots')
    .addColumn('description_en', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('robots')
    .addColumn('description_fr', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('robots')
    .addColumn('features_en', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('robots')
    .addColumn('features_fr', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db
    .updateTable('robots')
    .set((eb) => ({ [column('description')]: eb.ref('description'), [column('features')]: eb.ref('features') }))
    .execute();
  await db.schema.alterTable('robots').dropColumn('description').execute();
  await db.schema.alterTable('robots').dropColumn('features').execute();

  await db.schema
    .alterTable('banners')
    .addColumn('title_en', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('banners')
    .addColumn('title_fr', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db
    .updateTable('banners')
    .set((eb) => ({ [column('title')]: eb.ref('title') }))
    .execute();
  await db.schema.alterTable('banners').dropColumn('title').execute();

  for (const [key, former] of Object.entries(LOCALIZED_SETTINGS)) {
    const row = (await db
      .selectFrom('settings')
      .select(['value', 'updated_at'])
      .where('key', '=', key)
      .executeTakeFirst()) as { value: string; updated_at: unknown } | undefined;
    if (!row) continue;
    const values =
      former && row.value === former.en
        ? former
        : { en: language === 'en' ? row.value : '', fr: language === 'fr' ? row.value : '' };
    await db
      .insertInto('settings')
      .values([
        { id: randomUUID(), key: `${key}_en`, value: values.en, updated_at: row.updated_at },
        { id: randomUUID(), key: `${key}_fr`, value: values.fr, updated_at: row.updated_at },
      ])
      .execute();
    await db.deleteFrom('settings').where('key', '=', key).execute();
  }
}
