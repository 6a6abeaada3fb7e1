import type { Kysely } from 'kysely';

/**
 * The hero banners' table takes its domain's name, as its module (modules/banners) and its
 * addresses (/api/banners) have it (issue 16). Rows, checks and defaults move with the table; the
 * index is renamed too. Constraint names keep the old prefix: nothing refers to them, and SQLite
 * could rename them only by rebuilding the table.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('hero_banners').renameTo('banners').execute();
  await db.schema.dropIndex('hero_banners_order_idx').execute();
  await db.schema.createIndex('banners_order_idx').on('banners').columns(['active', 'order_index']).execute();
}
