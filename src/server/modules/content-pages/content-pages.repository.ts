import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ContentPage, Database, PageSlug } from '../../db/schema.js';

/** The rich-text pages of the one slug list: Copy Trade, Update and the legal pages. */
export class ContentPagesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async find(slug: PageSlug): Promise<ContentPage | undefined> {
    return this.db.selectFrom('content_pages').selectAll().where('slug', '=', slug).executeTakeFirst();
  }

  async save(slug: PageSlug, page: { title: string; content: string }): Promise<ContentPage> {
    const now = new Date().toISOString();
    return this.db
      .insertInto('content_pages')
      .values({ id: randomUUID(), slug, ...page, updated_at: now })
      .onConflict((conflict) => conflict.column('slug').doUpdateSet({ ...page, updated_at: now }))
      .returningAll()
      .executeTakeFirstOrThrow();
  }
}
