import { randomUUID } from 'node:crypto';
import { Migrator, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyDatabase } from '../../../../tests/support/empty-database.js';
import { testDialects } from '../../../../tests/support/test-app.js';
import { toColumns, type LocalizedText } from '../../../shared/localized-text.js';
import { columnTypes } from '../dialect.js';
import { InCodeMigrations, migrateToLatest } from '../migrate.js';
import { firstDemoPages } from '../seed/first-demo-pages.js';
import { legalTemplates } from '../seed/legal-templates.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

type StoredPage = { slug: string; title: LocalizedText; content: LocalizedText };

/** A shop of the previous release holding `pages`, migrated to the latest schema: its pages by slug. */
async function migratedShop(dialect: (typeof testDialects)[number], pages: StoredPage[]) {
  const { db } = await emptyDatabase(dialect, cleanups);
  const migrator = new Migrator({ db, provider: new InCodeMigrations(columnTypes(dialect)) });
  expect((await migrator.migrateTo('0023-category-names-in-two-languages')).error).toBeUndefined();
  await (db as unknown as Kysely<any>)
    .insertInto('content_pages')
    .values(
      pages.map((page) => ({
        id: randomUUID(),
        slug: page.slug,
        ...toColumns('title', page.title),
        ...toColumns('content', page.content),
      })),
    )
    .execute();
  await migrateToLatest(db, dialect);
  return Object.fromEntries((await db.selectFrom('content_pages').selectAll().execute()).map((row) => [row.slug, row]));
}

const englishOnly = (text: string): LocalizedText => ({ en: text, fr: '' });
const { copy_trade: copyTrade, update } = firstDemoPages;

describe.each(testDialects)('migration 0024 (the seeded Copy Trade and Update pages in French) on %s', (dialect) => {
  it('gives an untouched seeded title or body its French version, and leaves what the owner wrote', async () => {
    const pages = await migratedShop(dialect, [
      { slug: 'copy_trade', title: englishOnly(copyTrade.title.en), content: englishOnly(copyTrade.content.en) },
      // The owner rewrote the body but kept the title.
      { slug: 'update', title: englishOnly(update.title.en), content: englishOnly('<p>Our own update policy</p>') },
      // Not a demo page, although it is English only.
      { slug: 'terms', title: englishOnly('Terms'), content: englishOnly(legalTemplates.terms.content.en) },
    ]);

    expect(pages.copy_trade).toMatchObject({
      ...toColumns('title', copyTrade.title),
      ...toColumns('content', copyTrade.content),
    });
    expect(pages.copy_trade!.content_fr).toContain('<h2>Laissez nos robots trader pour vous</h2>');
    expect(pages.update).toMatchObject({
      title_en: 'Update',
      title_fr: 'Mise à jour',
      content_en: '<p>Our own update policy</p>',
      content_fr: '',
    });
    expect(pages.terms).toMatchObject({ title_fr: '', content_fr: '' });
  });

  it('finds the seeded English in the French columns of a French shop, where migration 0021 moved it', async () => {
    const inFrenchColumns = (text: string): LocalizedText => ({ en: '', fr: text });
    const pages = await migratedShop(dialect, [
      { slug: 'update', title: inFrenchColumns(update.title.en), content: inFrenchColumns(update.content.en) },
    ]);
    expect(pages.update).toMatchObject({
      ...toColumns('title', update.title),
      ...toColumns('content', update.content),
    });
    expect(pages.update!.content_fr).toContain('<h2>Mises à jour et montées en gamme</h2>');
  });

  it('keeps a translation the owner already wrote, and a page seeded in both languages', async () => {
    const pages = await migratedShop(dialect, [
      {
        slug: 'copy_trade',
        title: { en: copyTrade.title.en, fr: 'Copie de trades' },
        content: { en: copyTrade.content.en, fr: '<p>Notre propre traduction</p>' },
      },
      { slug: 'update', title: update.title, content: update.content },
    ]);
    expect(pages.copy_trade).toMatchObject({
      title_fr: 'Copie de trades',
      content_fr: '<p>Notre propre traduction</p>',
    });
    expect(pages.update).toMatchObject({
      ...toColumns('title', update.title),
      ...toColumns('content', update.content),
    });
  });
});
