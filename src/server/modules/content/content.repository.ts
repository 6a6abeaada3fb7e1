import type { Kysely } from 'kysely';
import type { ContentPage, Database, Faq, HeroBanner, PageSlug } from '../../db/schema.js';

/** Banners, FAQs and the two rich-text pages: the storefront's editorial content. */
export class ContentRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async listActiveBanners(): Promise<HeroBanner[]> {
    return this.db
      .selectFrom('hero_banners')
      .selectAll()
      .where('active', '=', true)
      .orderBy('order_index')
      .orderBy('created_date')
      .execute();
  }

  async listActiveFaqs(): Promise<Faq[]> {
    return this.db.selectFrom('faqs').selectAll().where('active', '=', true).orderBy('order_index').orderBy('created_date').execute();
  }

  async findPage(slug: PageSlug): Promise<ContentPage | undefined> {
    return this.db.selectFrom('content_pages').selectAll().where('slug', '=', slug).executeTakeFirst();
  }
}
