import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { splitByLanguage, writtenLanguage } from './language-columns.js';

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
 */
export async function up(db: Kysely<any>): Promise<void> {
  const language = await writtenLanguage(db);
  await splitByLanguage(db, 'robots', 'description', language);
  await splitByLanguage(db, 'robots', 'features', language, '[]');
  await splitByLanguage(db, 'banners', 'title', language);

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
