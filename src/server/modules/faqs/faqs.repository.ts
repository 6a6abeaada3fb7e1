import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { fromColumns, toColumns, type LocalizedText, type LocalizedTextPatch } from '../../../shared/localized-text.js';
import type { Faq } from '../../../shared/schemas/catalogue.js';
import type { Database, Faq as FaqRow } from '../../db/schema.js';
import { writeThenVerify } from '../../db/write-then-verify.js';

/** What the service writes: the translations it changes of each text (issue 19 §2, decision 0022). */
export interface FaqWrite {
  question?: LocalizedTextPatch;
  answer?: LocalizedTextPatch;
  active?: boolean;
}

/** A stored row as the API shape: each text as its two translations. */
function toFaq({ question_en, question_fr, answer_en, answer_fr, ...row }: FaqRow): Faq {
  return {
    ...row,
    question: fromColumns({ question_en, question_fr }, 'question'),
    answer: fromColumns({ answer_en, answer_fr }, 'answer'),
  };
}

function toRow({ question, answer, active }: FaqWrite) {
  return {
    ...(question ? toColumns('question', question) : {}),
    ...(answer ? toColumns('answer', answer) : {}),
    ...(active === undefined ? {} : { active }),
  };
}

/** The storefront's questions and answers (SPEC §2, §5). */
export class FaqsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async listActive(): Promise<Faq[]> {
    const rows = await this.db
      .selectFrom('faqs')
      .selectAll()
      .where('active', '=', true)
      .orderBy('order_index')
      .orderBy('created_date')
      .execute();
    return rows.map(toFaq);
  }

  /** Every FAQ, as the back office sees them: in their order. */
  async listAll(): Promise<Faq[]> {
    const rows = await this.db
      .selectFrom('faqs')
      .selectAll()
      .orderBy('order_index')
      .orderBy('created_date')
      .orderBy('id')
      .execute();
    return rows.map(toFaq);
  }

  async find(id: string): Promise<Faq | undefined> {
    const row = await this.db.selectFrom('faqs').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toFaq(row);
  }

  /**
   * New rows go last: one past the highest order_index. (SPEC §5's "the current count" put a new
   * row before the last ones once a deletion had left a gap.)
   */
  async insert(faq: { question: LocalizedText; answer: LocalizedText; active?: boolean }): Promise<Faq> {
    return this.db.transaction().execute(async (trx) => {
      const { last } = await trx
        .selectFrom('faqs')
        .select((eb) => eb.fn.max<number | string | null>('order_index').as('last'))
        .executeTakeFirstOrThrow();
      const row = await trx
        .insertInto('faqs')
        .values({
          id: randomUUID(),
          ...toColumns('question', faq.question),
          ...toColumns('answer', faq.answer),
          ...(faq.active === undefined ? {} : { active: faq.active }),
          order_index: last === null ? 0 : Number(last) + 1,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toFaq(row);
    });
  }

  /**
   * Writes the columns the patch holds, then hands the FAQ as written to `verify`: in one
   * transaction, which `verify` undoes by throwing.
   */
  async update(id: string, patch: FaqWrite, verify: (faq: Faq) => void): Promise<Faq | undefined> {
    return writeThenVerify(
      this.db,
      (trx) =>
        trx
          .updateTable('faqs')
          .set({ ...toRow(patch), updated_at: new Date().toISOString() })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirst(),
      toFaq,
      verify,
    );
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
