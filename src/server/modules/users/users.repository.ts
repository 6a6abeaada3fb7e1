import type { Kysely } from 'kysely';
import type { UserRole } from '../../../shared/schemas/users.js';
import type { Database } from '../../db/schema.js';

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

  async findRole(id: string): Promise<UserRole | undefined> {
    return (await this.db.selectFrom('users').select('role').where('id', '=', id).executeTakeFirst())?.role;
  }

  async setRole(id: string, role: UserRole) {
    return this.db
      .updateTable('users')
      .set({ role, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .returning(['id', 'full_name', 'email', 'created_date', 'role'])
      .executeTakeFirst();
  }
}
