import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CategoryInput } from '../../../shared/schemas/catalogue.js';
import type { Category, Database } from '../../db/schema.js';

export class CategoriesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async listActive(): Promise<Category[]> {
    return this.db.selectFrom('categories').selectAll().where('active', '=', true).orderBy('name').execute();
  }

  async listAll(): Promise<Category[]> {
    return this.db.selectFrom('categories').selectAll().orderBy('name').orderBy('id').execute();
  }

  async findById(id: string): Promise<Category | undefined> {
    return this.db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async findByKey(key: string): Promise<Category | undefined> {
    return this.db.selectFrom('categories').selectAll().where('key', '=', key).executeTakeFirst();
  }

  /** A duplicate key raises a unique violation. */
  async insert(input: CategoryInput): Promise<Category> {
    return this.db
      .insertInto('categories')
      .values({ id: randomUUID(), ...input })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Robots follow a key change (the foreign key cascades on update). */
  async update(id: string, patch: Partial<CategoryInput>): Promise<Category | undefined> {
    return this.db
      .updateTable('categories')
      .set({ ...patch, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('categories').where('id', '=', id).execute();
  }

  async countRobotsIn(key: string): Promise<number> {
    const row = await this.db
      .selectFrom('robots')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('category', '=', key)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }
}
