import { randomUUID } from 'node:crypto';
import type { Kysely, Updateable } from 'kysely';
import type { BannerInput, FaqInput } from '../../../shared/schemas/catalogue.js';
import type { ContentPage, Database, Faq, FaqsTable, HeroBanner, HeroBannersTable, PageSlug } from '../../db/schema.js';

/** The tables whose rows administrators put in order. */
export type OrderedTable = 'hero_banners' | 'faqs';

/** Banners, FAQs and the rich-text pages: the storefront's editorial content. */
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

  async savePage(slug: PageSlug, page: { title: string; content: string }): Promise<ContentPage> {
    const now = new Date().toISOString();
    return this.db
      .insertInto('content_pages')
      .values({ id: randomUUID(), slug, ...page, updated_at: now })
      .onConflict((conflict) => conflict.column('slug').doUpdateSet({ ...page, updated_at: now }))
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  // ---- Banners and FAQs, as the back office sees them: all of them, in their order.

  async listAll(table: 'hero_banners'): Promise<HeroBanner[]>;
  async listAll(table: 'faqs'): Promise<Faq[]>;
  async listAll(table: OrderedTable): Promise<HeroBanner[] | Faq[]> {
    return this.db.selectFrom(table).selectAll().orderBy('order_index').orderBy('created_date').orderBy('id').execute();
  }

  async findBanner(id: string): Promise<HeroBanner | undefined> {
    return this.db.selectFrom('hero_banners').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async findFaq(id: string): Promise<Faq | undefined> {
    return this.db.selectFrom('faqs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** New rows go last: their order_index is the current count (SPEC §5). */
  async insertBanner(banner: BannerInput): Promise<HeroBanner> {
    return this.db.transaction().execute(async (trx) => {
      const { count } = await trx.selectFrom('hero_banners').select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow();
      return trx
        .insertInto('hero_banners')
        .values({ id: randomUUID(), ...banner, order_index: Number(count) })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  }

  async insertFaq(faq: FaqInput): Promise<Faq> {
    return this.db.transaction().execute(async (trx) => {
      const { count } = await trx.selectFrom('faqs').select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow();
      return trx
        .insertInto('faqs')
        .values({ id: randomUUID(), ...faq, order_index: Number(count) })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  }

  async updateBanner(id: string, patch: Updateable<HeroBannersTable>): Promise<HeroBanner | undefined> {
    return this.db
      .updateTable('hero_banners')
      .set({ ...patch, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  async updateFaq(id: string, patch: Updateable<FaqsTable>): Promise<Faq | undefined> {
    return this.db
      .updateTable('faqs')
      .set({ ...patch, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  async delete(table: OrderedTable, id: string): Promise<void> {
    await this.db.deleteFrom(table).where('id', '=', id).execute();
  }

  /** Writes each row's position as its order_index, in one transaction. */
  async setOrder(table: OrderedTable, orderedIds: readonly string[]): Promise<void> {
    const now = new Date().toISOString();
    await this.db.transaction().execute(async (trx) => {
      for (const [index, id] of orderedIds.entries()) {
        await trx.updateTable(table).set({ order_index: index, updated_at: now }).where('id', '=', id).where('order_index', '!=', index).execute();
      }
    });
  }
}
