import { randomUUID } from 'node:crypto';
import type { Kysely, Updateable } from 'kysely';
import { fromColumns, toColumns } from '../../../shared/localized-text.js';
import type { Category, CategoryInput, CategoryPatch } from '../../../shared/schemas/catalogue.js';
import type { CategoriesTable, Category as CategoryRow, Database } from '../../db/schema.js';
import { writeThenVerify } from '../../db/write-then-verify.js';

/** A stored category as the API sends it: its name in each language (issue 19 §2). */
function toCategory(row: CategoryRow): Category {
  const { name_en, name_fr, ...rest } = row;
  return { ...rest, name: fromColumns({ name_en, name_fr }, 'name') };
}

/** A category's fields as columns: the name in one column per language it holds. */
function toRow({ name, ...rest }: CategoryPatch): Updateable<CategoriesTable> {
  return { ...rest, ...(name === undefined ? {} : toColumns('name', name)) };
}

/**
 * Lists come ordered by the English name, then the French one: a stable order for the API, whose
 * answer is the same for every reader. Pages show them in their reader's language
 * (`sortByLocalizedName`).
 */
export class CategoriesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async listActive(): Promise<Category[]> {
    const rows = await this.db
      .selectFrom('categories')
      .selectAll()
      .where('active', '=', true)
      .orderBy('name_en')
      .orderBy('name_fr')
      .orderBy('id')
      .execute();
    return rows.map(toCategory);
  }

  async listAll(): Promise<Category[]> {
    const rows = await this.db
      .selectFrom('categories')
      .selectAll()
      .orderBy('name_en')
      .orderBy('name_fr')
      .orderBy('id')
      .execute();
    return rows.map(toCategory);
  }

  async findById(id: string): Promise<Category | undefined> {
    const row = await this.db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toCategory(row);
  }

  async findByKey(key: string): Promise<Category | undefined> {
    const row = await this.db.selectFrom('categories').selectAll().where('key', '=', key).executeTakeFirst();
    return row && toCategory(row);
  }

  /** A duplicate key raises a unique violation. */
  async insert({ name, key, active }: CategoryInput): Promise<Category> {
    const row = await this.db
      .insertInto('categories')
      .values({ id: randomUUID(), key, ...toColumns('name', name), ...(active === undefined ? {} : { active }) })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toCategory(row);
  }

  /**
   * Robots follow a key change (the foreign key cascades on update). Writes the columns the patch
   * holds, then hands the category as written to `verify`: in one transaction, which `verify`
   * undoes by throwing.
   */
  async update(id: string, patch: CategoryPatch, verify: (category: Category) => void): Promise<Category | undefined> {
    return writeThenVerify(
      this.db,
      (trx) =>
        trx
          .updateTable('categories')
          .set({ ...toRow(patch), updated_at: new Date().toISOString() })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirst(),
      toCategory,
      verify,
    );
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
