import type { Kysely } from 'kysely';
import type { UserListItem, UserRole } from '../../../shared/schemas/users.js';
import { isSerializationFailure } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';

export type RoleChange = { before: UserRole; after: UserListItem } | 'not-found' | 'last-administrator';

/** Two administrators demoting each other at once: PostgreSQL lets one through and the retry refuses the other. */
const ROLE_CHANGE_ATTEMPTS = 5;

export class UsersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async list() {
    return this.db
      .selectFrom('users')
      .select(['id', 'full_name', 'email', 'created_date', 'role'])
      .orderBy('created_date', 'desc')
      .orderBy('id')
      .execute();
  }

  /**
   * Sets the role unless that leaves the shop without an administrator. The check and the write
   * are one serializable transaction, so two changes racing each other cannot both pass it.
   */
  async setRoleKeepingAnAdministrator(id: string, role: UserRole): Promise<RoleChange> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.db
          .transaction()
          .setIsolationLevel('serializable')
          .execute(async (trx): Promise<RoleChange> => {
            const before = (await trx.selectFrom('users').select('role').where('id', '=', id).executeTakeFirst())?.role;
            if (!before) return 'not-found';
            if (before === 'admin' && role !== 'admin') {
              const others = await trx
                .selectFrom('users')
                .select('id')
                .where('role', '=', 'admin')
                .where('id', '!=', id)
                .limit(1)
                .executeTakeFirst();
              if (!others) return 'last-administrator';
            }
            const after = await trx
              .updateTable('users')
              .set({ role, updated_at: new Date().toISOString() })
              .where('id', '=', id)
              .returning(['id', 'full_name', 'email', 'created_date', 'role'])
              .executeTakeFirstOrThrow();
            return { before, after };
          });
      } catch (error) {
        if (!isSerializationFailure(error) || attempt >= ROLE_CHANGE_ATTEMPTS) throw error;
      }
    }
  }
}
