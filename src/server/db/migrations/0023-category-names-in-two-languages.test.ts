import { randomUUID } from 'node:crypto';
import { Migrator, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyDatabase } from '../../../../tests/support/empty-database.js';
import { testDialects } from '../../../../tests/support/test-app.js';
import { columnTypes } from '../dialect.js';
import { InCodeMigrations, migrateToLatest } from '../migrate.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const NOW = '2026-01-01T00:00:00.000Z';

/** A database at migration 0022 holding two categories (one used by a robot), migrated to the latest. */
async function previousShop(dialect: (typeof testDialects)[number], defaultLanguage: string) {
  const { db } = await emptyDatabase(dialect, cleanups);
  const migrator = new Migrator({ db, provider: new InCodeMigrations(columnTypes(dialect)) });
  expect((await migrator.migrateTo('0022-robot-banner-and-settings-texts-in-two-languages')).error).toBeUndefined();
  const previous = db as unknown as Kysely<any>;
  await previous
    .insertInto('settings')
    .values({ id: randomUUID(), key: 'default_language', value: defaultLanguage })
    .execute();
  await previous
    .insertInto('categories')
    .values([
      { id: 'c1', name: 'Gold Traders', key: 'gold_traders', active: true, created_date: NOW, updated_at: NOW },
      { id: 'c2', name: 'Grid Bots', key: 'grid_bots', active: false, created_date: NOW, updated_at: NOW },
    ])
    .execute();
  await previous
    .insertInto('robots')
    .values({
      id: 'r1',
      name: 'Orion',
      slug: 'orion',
      price: 10,
      category: 'gold_traders',
      created_date: NOW,
      updated_at: NOW,
    })
    .execute();
  expect(await migrateToLatest(db, dialect)).toContain('0023-category-names-in-two-languages');
  const categories = await previous.selectFrom('categories').selectAll().orderBy('id').execute();
  return { db: previous, categories };
}

describe.each(testDialects)('migration 0023 (category names in two languages) on %s', (dialect) => {
  it('moves each name to the English column of a shop without a default language, keys and status kept', async () => {
    const { categories } = await previousShop(dialect, '');
    expect(categories).toEqual([
      expect.objectContaining({ id: 'c1', name_en: 'Gold Traders', name_fr: '', key: 'gold_traders', active: true }),
      expect.objectContaining({ id: 'c2', name_en: 'Grid Bots', name_fr: '', key: 'grid_bots', active: false }),
    ]);
    expect(categories[0]).not.toHaveProperty('name');
  });

  it('moves them to the French column in a French shop; keys stay unique and robots keep their category', async () => {
    const { db, categories } = await previousShop(dialect, 'fr');
    expect(categories.map(({ name_en, name_fr }) => ({ name_en, name_fr }))).toEqual([
      { name_en: '', name_fr: 'Gold Traders' },
      { name_en: '', name_fr: 'Grid Bots' },
    ]);
    const robot = await db.selectFrom('robots').select('category').where('id', '=', 'r1').executeTakeFirstOrThrow();
    expect(robot.category).toBe('gold_traders');
    await expect(
      db
        .insertInto('categories')
        .values({ id: 'c3', name_en: 'Again', name_fr: '', key: 'gold_traders', created_date: NOW, updated_at: NOW })
        .execute(),
    ).rejects.toThrow();
  });
});
