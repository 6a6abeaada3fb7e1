import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { fromColumns, toColumns, type LocalizedText } from '../../../shared/localized-text.js';
import type { ContentPage } from '../../../shared/schemas/catalogue.js';
import type { ContentPage as ContentPageRow, Database, PageSlug } from '../../db/schema.js';

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

  async save(slug: PageSlug, page: { title: LocalizedText; content: LocalizedText }): Promise<ContentPage> {
    const now = new Date().toISOString();
    const columns = { ...toColumns('title', page.title), ...toColumns('content', page.content) };
    const row = await this.db
      .insertInto('content_pages')
      .values({ id: randomUUID(), slug, ...columns, updated_at: now })
      .onConflict((conflict) => conflict.column('slug').doUpdateSet({ ...columns, updated_at: now }))
      .returningAll()
      .executeTakeFirstOrThrow();
    return toPage(row);
  }
}
