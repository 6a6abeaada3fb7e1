import type { Kysely } from 'kysely';
import { LANGUAGES } from '../../../shared/constants.js';
import { LEGAL_PAGE_SLUGS } from '../../../shared/content-pages.js';
import { contentLanguage, languageColumn, toColumns } from '../../../shared/localized-text.js';
import type { ColumnTypes } from '../dialect.js';
import { legalTemplates } from '../seed/legal-templates.js';

/** The columns written in each language, by table (issue 19 §2). */
const translatedColumns = {
  faqs: ['question', 'answer'],
  content_pages: ['title', 'content'],
} as const;

/**
 * FAQs and content pages in English and French (issue 19 §2): each translatable column `x`
 * becomes `x_en` and `x_fr`. The existing text was written in the shop's default language (English
 * when the shop follows each visitor's browser): it moves to that language's column, and the
 * other stays empty, so readers of the other language see it as the fallback until it is
 * translated.
 *
 * A legal page still holding the English template it was seeded with (title and body unchanged)
 * gets both templates, English in `_en` and French in `_fr`, whatever the default language: the
 * template is English text, and a French reader should read the French one.
 *
 * The new columns are added NOT NULL with an empty default (SQLite cannot add a NOT NULL column
 * without one), filled, and the old columns dropped.
 */
export async function up(db: Kysely<any>, _t: ColumnTypes): Promise<void> {
  const setting = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', 'default_language')
    .executeTakeFirst();
  const written = contentLanguage((setting as { value: string } | undefined)?.value);

  for (const [table, fields] of Object.entries(translatedColumns)) {
    for (const field of fields)
      for (const language of LANGUAGES)
        await db.schema
          .alterTable(table)
          .addColumn(languageColumn(field, language), 'text', (c) => c.notNull().defaultTo(''))
          .execute();
    await db
      .updateTable(table)
      .set((eb) => Object.fromEntries(fields.map((field) => [languageColumn(field, written), eb.ref(field)])))
      .execute();
  }

  const legalPages = (await db
    .selectFrom('content_pages')
    .select(['id', 'slug', 'title', 'content'])
    .where('slug', 'in', LEGAL_PAGE_SLUGS)
    .execute()) as Array<{ id: string; slug: (typeof LEGAL_PAGE_SLUGS)[number]; title: string; content: string }>;
  for (const page of legalPages) {
    const template = legalTemplates[page.slug];
    if (page.title !== template.title.en || page.content !== template.content.en) continue;
    await db
      .updateTable('content_pages')
      .set({ ...toColumns('title', template.title), ...toColumns('content', template.content) })
      .where('id', '=', page.id)
      .execute();
  }

  for (const [table, fields] of Object.entries(translatedColumns))
    for (const field of fields) await db.schema.alterTable(table).dropColumn(field).execute();
}
