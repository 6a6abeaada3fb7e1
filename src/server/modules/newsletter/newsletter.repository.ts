import { randomBytes, randomUUID } from 'node:crypto';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Case-insensitive "address contains", with the search's own % and _ taken literally. */
export function emailContains(q: string): Expression<SqlBool> {
  const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  return sql<SqlBool>`lower(email) like ${pattern} escape '\\'`;
}

export interface SubscriberFilter {
  q: string;
  /** Only these subscribers (still filtered by q); undefined means every one matching q. */
  ids?: string[];
}

export class NewsletterRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Inserts a subscriber with a fresh unsubscribe token; a duplicate address raises a unique violation. */
  async insert(email: string, confirmed = true) {
    // Written here with millisecond precision (never by a database default): the export pages
    // through (created_date, id) and needs values that compare exactly on both engines.
    const now = new Date().toISOString();
    return this.db
      .insertInto('newsletter_subscribers')
      .values({
        id: randomUUID(),
        email,
        unsubscribe_token: randomBytes(24).toString('base64url'),
        created_date: now,
        confirmed_date: confirmed ? now : null,
      })
      .returning(['id', 'email', 'created_date', 'unsubscribe_token', 'confirmed_date'])
      .executeTakeFirstOrThrow();
  }

  async findByEmail(email: string) {
    return this.db
      .selectFrom('newsletter_subscribers')
      .select(['id', 'email', 'unsubscribe_token', 'confirmed_date'])
      .where(sql<string>`lower(email)`, '=', email.toLowerCase())
      .executeTakeFirst();
  }

  async existsByToken(token: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('newsletter_subscribers')
      .select('id')
      .where('unsubscribe_token', '=', token)
      .executeTakeFirst();
    return row !== undefined;
  }

  async deleteByToken(token: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('newsletter_subscribers')
      .where('unsubscribe_token', '=', token)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Confirms a double opt-in subscription; true also when it was confirmed already. */
  async confirmByToken(token: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('newsletter_subscribers')
      .select(['id', 'confirmed_date'])
      .where('unsubscribe_token', '=', token)
      .executeTakeFirst();
    if (!row) return false;
    if (row.confirmed_date === null) {
      await this.db
        .updateTable('newsletter_subscribers')
        .set({ confirmed_date: new Date().toISOString() })
        .where('id', '=', row.id)
        .execute();
    }
    return true;
  }

  private filtered(filter: SubscriberFilter) {
    let query = this.db.selectFrom('newsletter_subscribers');
    if (filter.q) query = query.where(emailContains(filter.q));
    if (filter.ids) query = query.where('id', 'in', filter.ids);
    return query;
  }

  /** One page, newest first. */
  async page(filter: SubscriberFilter, page: number, pageSize: number) {
    const [rows, count] = await Promise.all([
      this.filtered(filter)
        .select(['id', 'email', 'created_date', 'confirmed_date'])
        .orderBy('created_date', 'desc')
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      this.filtered(filter)
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  /**
   * Export rows in batches, newest first, by keyset (created_date, id): memory stays flat
   * however many subscribers there are, and no batch repeats or skips a row.
   */
  async *exportBatches(filter: SubscriberFilter, batchSize = 1000) {
    let after: { created_date: string; id: string } | undefined;
    for (;;) {
      let query = this.filtered(filter).select(['id', 'email', 'unsubscribe_token', 'created_date']);
      if (after) {
        const { created_date, id } = after;
        query = query.where((eb) =>
          eb.or([
            eb('created_date', '<', created_date),
            eb.and([eb('created_date', '=', created_date), eb('id', '<', id)]),
          ]),
        );
      }
      const rows = await query.orderBy('created_date', 'desc').orderBy('id', 'desc').limit(batchSize).execute();
      if (rows.length > 0) yield rows;
      if (rows.length < batchSize) return;
      after = rows[rows.length - 1]!;
    }
  }

  async delete(filter: SubscriberFilter): Promise<number> {
    let query = this.db.deleteFrom('newsletter_subscribers');
    if (filter.q) query = query.where(emailContains(filter.q));
    if (filter.ids) query = query.where('id', 'in', filter.ids);
    const result = await query.executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Confirmed subscribers matching the filter: who a newsletter goes to. */
  async recipients(filter: SubscriberFilter) {
    return this.filtered(filter)
      .select(['id', 'email', 'created_date'])
      .where('confirmed_date', 'is not', null)
      .orderBy('created_date', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }
}
