import { randomUUID } from 'node:crypto';
import { Migrator, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyDatabase } from '../../../../tests/support/empty-database.js';
import { testDialects } from '../../../../tests/support/test-app.js';
import { LEGAL_PAGE_SLUGS } from '../../../shared/content-pages.js';
import { columnTypes } from '../dialect.js';
import { InCodeMigrations, migrateToLatest } from '../migrate.js';
import { seedDemoContent, seedLegalPageTemplates } from '../seed/seed.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe.each(testDialects)('migration 0003 (legal content pages) on %s', (dialect) => {
  it('widens the slug check of a shop whose demo was seeded before it, keeping its pages, and adds the templates once', async () => {
    const { db } = await emptyDatabase(dialect, cleanups);
    const migrator = new Migrator({ db, provider: new InCodeMigrations(columnTypes(dialect)) });
    expect((await migrator.migrateTo('0001-initial-schema')).error).toBeUndefined();
    // The schema of that release, before migration 0021 gave each text two languages.
    const previous = db as unknown as Kysely<any>;
    // A shop of the previous release: demo seeded, Copy Trade rewritten by its administrator.
    const before = new Date('2026-11-01T10:00:00.000Z');
    await previous
      .insertInto('content_pages')
      .values({
        id: randomUUID(),
        slug: 'copy_trade',
        title: 'Our copy service',
        content: '<p>Written by the owner</p>',
        created_at: before.toISOString(),
        updated_at: before.toISOString(),
      })
      .execute();
    await db.insertInto('app_meta').values({ key: 'demo_seeded_at', value: before.toISOString() }).execute();
    await expect(
      previous
        .insertInto('content_pages')
        .values({ id: randomUUID(), slug: 'terms', title: 'T', content: '' })
        .execute(),
    ).rejects.toThrow();

    expect((await migrator.migrateTo('0003-legal-content-pages')).error).toBeUndefined();
    const kept = await previous
      .selectFrom('content_pages')
      .selectAll()
      .where('slug', '=', 'copy_trade')
      .executeTakeFirstOrThrow();
    expect(kept).toMatchObject({
      title: 'Our copy service',
      content: '<p>Written by the owner</p>',
      created_at: before.toISOString(),
    });
    // The later migrations follow it (0021 gives the page its English columns).
    await migrateToLatest(db, dialect);

    expect(await seedDemoContent(db)).toBe(false);
    expect(await seedLegalPageTemplates(db)).toBe(true);
    const legal = await db
      .selectFrom('content_pages')
      .select(['slug', 'content_en', 'content_fr'])
      .where('slug', 'in', LEGAL_PAGE_SLUGS)
      .execute();
    expect(legal.map((page) => page.slug).sort()).toEqual([...LEGAL_PAGE_SLUGS].sort());
    for (const page of legal) {
      expect(page.content_en).toContain('Template: replace this text');
      expect(page.content_fr).toContain('Modèle : remplacez ce texte');
    }

    // Once only: a legal page the administrator removed does not come back at the next start.
    await db.deleteFrom('content_pages').where('slug', '=', 'refund_policy').execute();
    expect(await seedLegalPageTemplates(db)).toBe(false);
    expect(
      await db.selectFrom('content_pages').select('id').where('slug', '=', 'refund_policy').executeTakeFirst(),
    ).toBeUndefined();

    // Still unique, still limited to the known slugs.
    await expect(
      db
        .insertInto('content_pages')
        .values({ id: randomUUID(), slug: 'terms', title_en: 'Again', title_fr: '', content_en: '', content_fr: '' })
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto('content_pages')
        .values({
          id: randomUUID(),
          slug: 'about' as 'terms',
          title_en: 'About',
          title_fr: '',
          content_en: '',
          content_fr: '',
        })
        .execute(),
    ).rejects.toThrow();
    await db
      .insertInto('content_pages')
      .values({
        id: randomUUID(),
        slug: 'refund_policy',
        title_en: 'Refunds',
        title_fr: '',
        content_en: '',
        content_fr: '',
      })
      .execute();
  });
});
