import { randomUUID } from 'node:crypto';
import { Migrator, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyDatabase } from '../../../../tests/support/empty-database.js';
import { testDialects } from '../../../../tests/support/test-app.js';
import { columnTypes } from '../dialect.js';
import { InCodeMigrations } from '../migrate.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe.each(testDialects)('migration 0008 (banners table) on %s', (dialect) => {
  it("renames hero_banners to banners, keeping the shop's banners and the table's checks", async () => {
    const { db } = await emptyDatabase(dialect, cleanups);
    const migrator = new Migrator({ db, provider: new InCodeMigrations(columnTypes(dialect)) });
    expect((await migrator.migrateTo('0007-shared-rate-limits')).error).toBeUndefined();
    // A shop of the previous release, with a banner its administrator made and then hid.
    const previous = db as unknown as Kysely<any>;
    const banner = {
      id: randomUUID(),
      title: 'Spring sale',
      type: 'image',
      content_url: '/files/public/images/spring.png',
      order_index: 3,
      active: false,
      created_date: '2026-11-01T10:00:00.000Z',
      updated_at: '2026-11-02T10:00:00.000Z',
    };
    await previous
      .insertInto('hero_banners')
      .values({ ...banner, active: dialect === 'sqlite' ? 0 : false })
      .execute();

    // Up to 0008 only: later migrations are theirs to test.
    const applied = await migrator.migrateTo('0008-banners-table');
    expect(applied.error).toBeUndefined();
    expect(applied.results?.map((result) => result.migrationName)).toEqual(['0008-banners-table']);
    expect(await db.selectFrom('banners').selectAll().execute()).toEqual([banner]);
    await expect(previous.selectFrom('hero_banners').selectAll().execute()).rejects.toThrow();

    // Still the same rules: a known type, an order that is not negative, new rows get the defaults.
    await expect(
      previous
        .insertInto('banners')
        .values({ id: randomUUID(), title: 'Clip', type: 'video' as 'image', content_url: '/x.mp4' })
        .execute(),
    ).rejects.toThrow();
    await expect(
      previous
        .insertInto('banners')
        .values({ id: randomUUID(), title: 'Odd', type: 'image', content_url: '/x.png', order_index: -1 })
        .execute(),
    ).rejects.toThrow();
    const added = await previous
      .insertInto('banners')
      .values({ id: randomUUID(), title: 'New', type: 'youtube', content_url: 'https://youtu.be/dQw4w9WgXcQ' })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(added).toMatchObject({ order_index: 0, active: true });
  });
});
