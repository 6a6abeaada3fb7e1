import type { Kysely } from 'kysely';
import { LEGAL_PAGE_SLUGS } from '../../../shared/content-pages.js';
import { toColumns } from '../../../shared/localized-text.js';
import type { ColumnTypes } from '../dialect.js';
import { legalTemplates } from '../seed/legal-templates.js';
import { splitByLanguage, writtenLanguage } from './language-columns.js';

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
 */
export async function up(db: Kysely<any>, _t: ColumnTypes): Promise<void> {
  const written = await writtenLanguage(db);
  // The untouched templates are found before their columns change.
  const legalPages = (await db
    .selectFrom('content_pages')
    .select(['id', 'slug', 'title', 'content'])
    .where('slug', 'in', LEGAL_PAGE_SLUGS)
    .execute()) as Array<{ id: string; slug: (typeof LEGAL_PAGE_SLUGS)[number]; title: string; content: string }>;
  const untouched = legalPages.filter(
    (page) =>
      page.title === legalTemplates[page.slug].title.en && page.content === legalTemplates[page.slug].content.en,
  );

  for (const [table, fields] of Object.entries(translatedColumns))
    for (const field of fields) await splitByLanguage(db, table, field, written);

  for (const page of untouched) {
    const template = legalTemplates[page.slug];
    await db
      .updateTable('content_pages')
      .set({ ...toColumns('title', template.title), ...toColumns('content', template.content) })
      .where('id', '=', page.id)
      .execute();
  }
}
