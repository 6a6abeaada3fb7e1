import { randomUUID } from 'node:crypto';
import type { Kysely, Updateable } from 'kysely';
import type { BannerInput } from '../../../shared/schemas/catalogue.js';
import type { Banner, BannersTable, Database } from '../../db/schema.js';

/** The storefront's hero banners (SPEC §2, §5). */
export class BannersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async listActive(): Promise<Banner[]> {
    return this.db
      .selectFrom('banners')
      .selectAll()
      .where('active', '=', true)
      .orderBy('order_index')
      .orderBy('created_date')
      .execute();
  }

  /** Every banner, as the back office sees them: in their order. */
  async listAll(): Promise<Banner[]> {
    return this.db
      .selectFrom('banners')
      .selectAll()
      .orderBy('order_index')
      .orderBy('created_date')
      .orderBy('id')
      .execute();
  }

  async find(id: string): Promise<Banner | undefined> {
    return this.db.selectFrom('banners').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * New rows go last: one past the highest order_index. (SPEC §5's "the current count" put a new
   * row before the last ones once a deletion had left a gap.)
   */
  async insert(banner: BannerInput): Promise<Banner> {
    return this.db.transaction().execute(async (trx) => {
      const { last } = await trx
        .selectFrom('banners')
        .select((eb) => eb.fn.max<number | string | null>('order_index').as('last'))
        .executeTakeFirstOrThrow();
      return trx
        .insertInto('banners')
        .values({ id: randomUUID(), ...banner, order_index: last === null ? 0 : Number(last) + 1 })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  }

  async update(id: string, patch: Updateable<BannersTable>): Promise<Banner | undefined> {
    return this.db
      .updateTable('banners')
      .set({ ...patch, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('banners').where('id', '=', id).execute();
  }

  /** Writes each row's position as its order_index, in one transaction. */
  async setOrder(orderedIds: readonly string[]): Promise<void> {
    const now = new Date().toISOString();
    await this.db.transaction().execute(async (trx) => {
      for (const [index, id] of orderedIds.entries()) {
        await trx
          .updateTable('banners')
          .set({ order_index: index, updated_at: now })
          .where('id', '=', id)
          .where('order_index', '!=', index)
          .execute();
      }
    });
  }
}
