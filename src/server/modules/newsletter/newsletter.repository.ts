import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export class NewsletterRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Inserts a subscriber with a fresh unsubscribe token; a duplicate address raises a unique violation. */
  async insert(email: string) {
    return this.db
      .insertInto('newsletter_subscribers')
      .values({ id: randomUUID(), email, unsubscribe_token: randomBytes(24).toString('base64url'), created_date: new Date().toISOString() })
      .returning(['id', 'email', 'created_date'])
      .executeTakeFirstOrThrow();
  }

  async deleteByToken(token: string): Promise<boolean> {
    const result = await this.db.deleteFrom('newsletter_subscribers').where('unsubscribe_token', '=', token).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
