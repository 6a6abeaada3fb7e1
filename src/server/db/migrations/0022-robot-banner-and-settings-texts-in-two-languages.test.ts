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

/** A database at migration 0020 holding one robot, one banner and the given settings. */
async function previousShop(dialect: (typeof testDialects)[number], settings: Record<string, string>) {
  const { db } = await emptyDatabase(dialect, cleanups);
  const migrator = new Migrator({ db, provider: new InCodeMigrations(columnTypes(dialect)) });
  expect((await migrator.migrateTo('0020-robot-slugs-and-site-name')).error).toBeUndefined();
  const previous = db as unknown as Kysely<any>;
  const robotId = randomUUID();
  const bannerId = randomUUID();
  await previous
    .insertInto('robots')
    .values({
      id: robotId,
      name: 'Orion',
      slug: 'orion',
      price: 10,
      description: '<p>Trades <strong>gold</strong>.</p>',
      features: '["Fast","Safe"]',
      created_date: NOW,
      updated_at: NOW,
    })
    .execute();
  await previous
    .insertInto('banners')
    .values({
      id: bannerId,
      title: 'Summer offer',
      type: 'image',
      content_url: '/a.png',
      created_date: NOW,
      updated_at: NOW,
    })
    .execute();
  for (const [key, value] of Object.entries(settings))
    await previous.insertInto('settings').values({ id: randomUUID(), key, value }).execute();
  expect(await migrateToLatest(db, dialect)).toContain('0022-robot-banner-and-settings-texts-in-two-languages');
  const robot = await previous.selectFrom('robots').selectAll().where('id', '=', robotId).executeTakeFirstOrThrow();
  const banner = await previous.selectFrom('banners').selectAll().where('id', '=', bannerId).executeTakeFirstOrThrow();
  const rows = await previous.selectFrom('settings').select(['key', 'value']).execute();
  return { robot, banner, settings: Object.fromEntries(rows.map((row) => [row.key, row.value])) };
}

describe.each(testDialects)('migration 0022 (robot, banner and settings texts in two languages) on %s', (dialect) => {
  it('moves what was written to the English columns and rows of a shop without a default language', async () => {
    const { robot, banner, settings } = await previousShop(dialect, {
      default_language: '',
      hero_title: 'Trade smarter',
      seo_title: '',
      chatbot_welcome_message: 'Hi, ask me anything',
    });
    expect(robot).toMatchObject({
      description_en: '<p>Trades <strong>gold</strong>.</p>',
      description_fr: '',
      features_en: '["Fast","Safe"]',
      features_fr: '[]',
    });
    expect(robot).not.toHaveProperty('description');
    expect(robot).not.toHaveProperty('features');
    expect(banner).toMatchObject({ title_en: 'Summer offer', title_fr: '' });
    expect(banner).not.toHaveProperty('title');
    expect(settings).toEqual({
      default_language: '',
      hero_title_en: 'Trade smarter',
      hero_title_fr: '',
      seo_title_en: '',
      seo_title_fr: '',
      chatbot_welcome_message_en: 'Hi, ask me anything',
      chatbot_welcome_message_fr: '',
    });
  });

  it('moves them to the French ones in a French shop, and gives a setting still at its former default both defaults', async () => {
    const { robot, banner, settings } = await previousShop(dialect, {
      default_language: 'fr',
      hero_description: 'Des robots qui ne dorment jamais',
      chatbot_welcome_message: 'Hello! How can I help you?',
      seo_description: 'Discover our AI trading robots powered by artificial intelligence.',
    });
    expect(robot).toMatchObject({
      description_en: '',
      description_fr: '<p>Trades <strong>gold</strong>.</p>',
      features_en: '[]',
      features_fr: '["Fast","Safe"]',
    });
    expect(banner).toMatchObject({ title_en: '', title_fr: 'Summer offer' });
    expect(settings).toEqual({
      default_language: 'fr',
      hero_description_en: '',
      hero_description_fr: 'Des robots qui ne dorment jamais',
      chatbot_welcome_message_en: 'Hello! How can I help you?',
      chatbot_welcome_message_fr: 'Bonjour ! Comment puis-je vous aider ?',
      seo_description_en: 'Discover our AI trading robots powered by artificial intelligence.',
      seo_description_fr: 'Découvrez nos robots de trading propulsés par l’intelligence artificielle.',
    });
  });
});
