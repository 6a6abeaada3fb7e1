import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The signed-in user's own sessions, and the deletion of an account. */
export class AccountRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async listSessions(userId: string, now: string) {
    return this.db
      .selectFrom('sessions')
      .select(['id', 'token', 'created_at', 'updated_at', 'ip_address', 'user_agent'])
      .where('user_id', '=', userId)
      .where('expires_at', '>', now)
      .orderBy('updated_at', 'desc')
      .orderBy('id')
      .execute();
  }

  /** True when the session existed and was the user's. */
  async deleteSession(userId: string, sessionId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('sessions')
      .where('id', '=', sessionId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  async deleteOtherSessions(userId: string, keepToken: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('user_id', '=', userId).where('token', '!=', keepToken).execute();
  }

  async findPasswordHash(userId: string): Promise<string | null> {
    const account = await this.db
      .selectFrom('accounts')
      .select('password')
      .where('user_id', '=', userId)
      .where('provider_id', '=', 'credential')
      .executeTakeFirst();
    return account?.password ?? null;
  }

  async countOtherAdministrators(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('role', '=', 'admin')
      .where('id', '!=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /**
   * Deletes the user (their sessions and sign-in accounts go with it, by foreign key) and keeps
   * their orders for the shop's accounting without what identifies the person: the user link
   * and the Telegram username. One transaction: an order is never left pointing at a half-deleted
   * account, nor anonymised for an account that still exists.
   */
  async deleteUserKeepingOrders(userId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('orders')
        .set({ user_id: null, telegram_username: '', updated_at: new Date().toISOString() })
        .where('user_id', '=', userId)
        .execute();
      await trx.deleteFrom('users').where('id', '=', userId).execute();
    });
  }
}
