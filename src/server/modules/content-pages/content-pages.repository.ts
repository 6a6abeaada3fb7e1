import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { emptyLocalizedText, fromColumns, toColumns, withTranslations } from '../../../shared/localized-text.js';
import type { ContentPage, ContentPageSave } from '../../../shared/schemas/catalogue.js';
import type { ContentPage as ContentPageRow, Database, PageSlug } from '../../db/schema.js';
import { writeThenVerify } from '../../db/write-then-verify.js';

/** A stored row as the API shape: title and body as their two translations (issue 19 §2). */
function toPage({ title_en, title_fr, content_en, content_fr, ...row }: ContentPageRow): ContentPage {
  return {
    ...row,
    title: fromColumns({ title_en, title_fr }, 'title'),
    content: fromColumns({ content_en, content_fr }, 'content'),
  };
}

/** The rich-text pages of the one slug list: Copy Trade, Update and the legal pages. */
export class ContentPagesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async find(slug: PageSlug): Promise<ContentPage | undefined> {
    const row = await this.db.selectFrom('content_pages').selectAll().where('slug', '=', slug).executeTakeFirst();
    return row && toPage(row);
  }

  /**
   * Writes the page: a new one with '' in each language not sent, a stored one only in the
   * languages sent (decision 0022). Then hands the page as written to `verify`, in one transaction
   * that `verify` undoes by throwing.
   */
  async save(slug: PageSlug, page: ContentPageSave, verify: (page: ContentPage) => void): Promise<ContentPage> {
    const now = new Date().toISOString();
    const created = {
      ...toColumns('title', withTranslations(emptyLocalizedText(), page.title)),
      ...toColumns('content', withTranslations(emptyLocalizedText(), page.content)),
    };
    const changed = { ...toColumns('title', page.title), ...toColumns('content', page.content) };
    const saved = await writeThenVerify(
      this.db,
      (trx) =>
        trx
          .insertInto('content_pages')
          .values({ id: randomUUID(), slug, ...created, updated_at: now })
          .onConflict((conflict) => conflict.column('slug').doUpdateSet({ ...changed, updated_at: now }))
          .returningAll()
          .executeTakeFirstOrThrow(),
      toPage,
      verify,
    );
    return saved!; // an upsert always returns its row
  }
}
