import { randomUUID } from 'node:crypto';
import type { Kysely, Updateable } from 'kysely';
import type { FaqInput } from '../../../shared/schemas/catalogue.js';
import type { Database, Faq, FaqsTable } from '../../db/schema.js';

/** The storefront's questions and answers (SPEC §2, §5). */
export class FaqsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async listActive(): Promise<Faq[]> {
    return this.db
      .selectFrom('faqs')
      .selectAll()
      .where('active', '=', true)
      .orderBy('order_index')
      .orderBy('created_date')
      .execute();
  }

  /** Every FAQ, as the back office sees them: in their order. */
  async listAll(): Promise<Faq[]> {
    return this.db
      .selectFrom('faqs')
      .selectAll()
      .orderBy('order_index')
      .orderBy('created_date')
      .orderBy('id')
      .execute();
  }

  async find(id: string): Promise<Faq | undefined> {
    return this.db.selectFrom('faqs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * New rows go last: one past the highest order_index. (SPEC §5's "the current count" put a new
   * row before the last ones once a deletion had left a gap.)
   */
  async insert(faq: FaqInput): Promise<Faq> {
    return this.db.transaction().execute(async (trx) => {
      const { last } = await trx
        .selectFrom('faqs')
        .select((eb) => eb.fn.max<number | string | null>('order_index').as('last'))
        .executeTakeFirstOrThrow();
      return trx
        .insertInto('faqs')
        .values({ id: randomUUID(), ...faq, order_index: last === null ? 0 : Number(last) + 1 })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  }

  async update(id: string, patch: Updateable<FaqsTable>): Promise<Faq | undefined> {
    return this.db
      .updateTable('faqs')
      .set({ ...patch, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('faqs').where('id', '=', id).execute();
  }

  /** Writes each row's position as its order_index, in one transaction. */
  async setOrder(orderedIds: readonly string[]): Promise<void> {
    const now = new Date().toISOString();
    await this.db.transaction().execute(async (trx) => {
      for (const [index, id] of orderedIds.entries()) {
        await trx
          .updateTable('faqs')
          .set({ order_index: index, updated_at: now })
          .where('id', '=', id)
          .where('order_index', '!=', index)
          .execute();
      }
    });
  }
}
