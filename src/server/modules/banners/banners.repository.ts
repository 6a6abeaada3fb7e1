import { randomUUID } from 'node:crypto';
import type { Kysely, Updateable } from 'kysely';
import { fromColumns, toColumns } from '../../../shared/localized-text.js';
import type { BannerInput, BannerPatch, HeroBanner } from '../../../shared/schemas/catalogue.js';
import type { Banner, BannersTable, Database } from '../../db/schema.js';
import { writeThenVerify } from '../../db/write-then-verify.js';

/** A stored banner as the API sends it: its title in each language (issue 19 §2). */
function toBanner(row: Banner): HeroBanner {
  const { title_en, title_fr, ...rest } = row;
  return { ...rest, title: fromColumns({ title_en, title_fr }, 'title') };
}

/** A banner's fields as columns: the title in one column per language it holds. */
function toRow<Fields extends BannerPatch>({ title, ...rest }: Fields): Updateable<BannersTable> {
  return { ...rest, ...(title === undefined ? {} : toColumns('title', title)) };
}

/** The storefront's hero banners (SPEC §2, §5). */
export class BannersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async listActive(): Promise<HeroBanner[]> {
    const rows = await this.db
      .selectFrom('banners')
      .selectAll()
      .where('active', '=', true)
      .orderBy('order_index')
      .orderBy('created_date')
      .execute();
    return rows.map(toBanner);
  }

  /** Every banner, as the back office sees them: in their order. */
  async listAll(): Promise<HeroBanner[]> {
    const rows = await this.db
      .selectFrom('banners')
      .selectAll()
      .orderBy('order_index')
      .orderBy('created_date')
      .orderBy('id')
      .execute();
    return rows.map(toBanner);
  }

  async find(id: string): Promise<HeroBanner | undefined> {
    const row = await this.db.selectFrom('banners').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toBanner(row);
  }

  /**
   * New rows go last: one past the highest order_index. (SPEC §5's "the current count" put a new
   * row before the last ones once a deletion had left a gap.)
   */
  async insert(banner: BannerInput): Promise<HeroBanner> {
    return this.db.transaction().execute(async (trx) => {
      const { last } = await trx
        .selectFrom('banners')
        .select((eb) => eb.fn.max<number | string | null>('order_index').as('last'))
        .executeTakeFirstOrThrow();
      const row = await trx
        .insertInto('banners')
        .values({
          id: randomUUID(),
          ...toRow(banner),
          type: banner.type,
          content_url: banner.content_url,
          order_index: last === null ? 0 : Number(last) + 1,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toBanner(row);
    });
  }

  /**
   * Writes the columns the patch holds, then hands the banner as written to `verify`: in one
   * transaction, which `verify` undoes by throwing.
   */
  async update(id: string, patch: BannerPatch, verify: (banner: HeroBanner) => void): Promise<HeroBanner | undefined> {
    return writeThenVerify(
      this.db,
      (trx) =>
        trx
          .updateTable('banners')
          .set({ ...toRow(patch), updated_at: new Date().toISOString() })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirst(),
      toBanner,
      verify,
    );
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
