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

  /** New rows go last: their order_index is the current count (SPEC §5). */
  async insert(banner: BannerInput): Promise<Banner> {
    return this.db.transaction().execute(async (trx) => {
      const { count } = await trx
        .selectFrom('banners')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .executeTakeFirstOrThrow();
      return trx
        .insertInto('banners')
        .values({ id: randomUUID(), ...banner, order_index: Number(count) })
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
}
