import { randomUUID } from 'node:crypto';
import { Migrator, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyDatabase } from '../../../../tests/support/empty-database.js';
import { testDialects } from '../../../../tests/support/test-app.js';
import { isUniqueViolation, columnTypes } from '../dialect.js';
import { InCodeMigrations } from '../migrate.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe.each(testDialects)('migration 0020 (robot slugs, the shop’s name) on %s', (dialect) => {
  it('gives every robot a unique slug from its name, oldest first, and clears only the former default SEO title', async () => {
    const { db } = await emptyDatabase(dialect, cleanups);
    const migrator = new Migrator({ db, provider: new InCodeMigrations(columnTypes(dialect)) });
    expect((await migrator.migrateTo('0014-order-events-shop-actor')).error).toBeUndefined();
    const previous = db as unknown as Kysely<any>;
    const robot = (name: string, created: string) => ({
      id: randomUUID(),
      name,
      price: 10,
      created_date: created,
      updated_at: created,
    });
    const robots = [
      robot('Éclair Scalper', '2026-01-03T00:00:00.000Z'),
      robot('Eclair scalper', '2026-01-01T00:00:00.000Z'),
      robot('ÉCLAIR — SCALPER!', '2026-01-02T00:00:00.000Z'),
      robot('Große Bär', '2026-01-04T00:00:00.000Z'),
      robot('日本', '2026-01-05T00:00:00.000Z'),
    ];
    await previous.insertInto('robots').values(robots).execute();
    await previous
      .insertInto('settings')
      .values({ id: randomUUID(), key: 'seo_title', value: 'TradeBot Store — AI Trading Robots for MT4 & MT5' })
      .execute();

    // Up to 0020 only: later migrations (0022 moves the SEO title to one row per language) are theirs to test.
    const applied = await migrator.migrateTo('0020-robot-slugs-and-site-name');
    expect(applied.error).toBeUndefined();
    expect(applied.results?.map((result) => result.migrationName)).toContain('0020-robot-slugs-and-site-name');

    const slugs = Object.fromEntries(
      (await previous.selectFrom('robots').select(['id', 'slug']).execute()).map((row) => [row.id, row.slug]),
    );
    expect(robots.map((row) => slugs[row.id])).toEqual([
      'eclair-scalper-3',
      'eclair-scalper',
      'eclair-scalper-2',
      'grosse-bar',
      'robot',
    ]);
    // One address per robot, from now on.
    const duplicate = previous
      .updateTable('robots')
      .set({ slug: 'eclair-scalper' })
      .where('id', '=', robots[3]!.id)
      .execute();
    await expect(duplicate).rejects.toSatisfy(isUniqueViolation);
    // Former slugs go with their robot.
    await previous.insertInto('robot_slug_history').values({ slug: 'old-bar', robot_id: robots[3]!.id }).execute();
    await previous.deleteFrom('robots').where('id', '=', robots[3]!.id).execute();
    expect(await previous.selectFrom('robot_slug_history').selectAll().execute()).toEqual([]);

    const seoTitle = await previous
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'seo_title')
      .executeTakeFirstOrThrow();
    expect(seoTitle.value).toBe('');
  });

  it('keeps an SEO title the owner wrote', async () => {
    const { db } = await emptyDatabase(dialect, cleanups);
    const migrator = new Migrator({ db, provider: new InCodeMigrations(columnTypes(dialect)) });
    expect((await migrator.migrateTo('0014-order-events-shop-actor')).error).toBeUndefined();
    const previous = db as unknown as Kysely<any>;
    await previous
      .insertInto('settings')
      .values({ id: randomUUID(), key: 'seo_title', value: 'Orion Bots — Expert Advisors' })
      .execute();
    expect((await migrator.migrateTo('0020-robot-slugs-and-site-name')).error).toBeUndefined();
    const seoTitle = await previous
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'seo_title')
      .executeTakeFirstOrThrow();
    expect(seoTitle.value).toBe('Orion Bots — Expert Advisors');
  });
});
