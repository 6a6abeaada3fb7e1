import type { Kysely } from 'kysely';
import type { Category, Database } from '../../db/schema.js';

export class CategoriesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async listActive(): Promise<Category[]> {
    return this.db.selectFrom('categories').selectAll().where('active', '=', true).orderBy('name').execute();
  }
}
