import { randomUUID } from 'node:crypto';
import { Migrator, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyDatabase } from '../../../../tests/support/empty-database.js';
import { testDialects } from '../../../../tests/support/test-app.js';
import { columnTypes } from '../dialect.js';
import { InCodeMigrations, migrateToLatest } from '../migrate.js';
import { legalTemplates } from '../seed/legal-templates.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A shop of the previous release, in `defaultLanguage`, with one FAQ and four pages. */
async function previousShop(dialect: (typeof testDialects)[number], defaultLanguage: string | null) {
  const { db } = await emptyDatabase(dialect, cleanups);
  const migrator = new Migrator({ db, provider: new InCodeMigrations(columnTypes(dialect)) });
  expect((await migrator.migrateTo('0020-robot-slugs-and-site-name')).error).toBeUndefined();
  const previous = db as unknown as Kysely<any>;
  if (defaultLanguage !== null)
    await previous
      .insertInto('settings')
      .values({ id: randomUUID(), key: 'default_language', value: defaultLanguage })
      .execute();
  const faqId = randomUUID();
  await previous
    .insertInto('faqs')
    .values({ id: faqId, question: 'Refunds?', answer: 'Within 14 days.', order_index: 0, active: true })
    .execute();
  const page = (slug: string, title: string, content: string) => ({ id: randomUUID(), slug, title, content });
  await previous
    .insertInto('content_pages')
    .values([
      page('copy_trade', 'Copy our trades', '<p>Ours</p>'),
      page('terms', legalTemplates.terms.title.en, legalTemplates.terms.content.en),
      page('privacy', legalTemplates.privacy.title.en, '<p>Our own privacy policy</p>'),
      page('risk_disclosure', 'Risks', legalTemplates.risk_disclosure.content.en),
    ])
    .execute();
  await migrateToLatest(db, dialect);
  const pages = Object.fromEntries(
    (await db.selectFrom('content_pages').selectAll().execute()).map((row) => [row.slug, row]),
  );
  const faq = await db.selectFrom('faqs').selectAll().where('id', '=', faqId).executeTakeFirstOrThrow();
  return { db, previous, pages, faq };
}

describe.each(testDialects)('migration 0021 (FAQs and content pages in two languages) on %s', (dialect) => {
  it('moves each text to the columns of the default language, and the unmodified legal templates into both', async () => {
    const { previous, pages, faq } = await previousShop(dialect, 'fr');

    // The owner's own texts were written in the shop's default language: French here.
    expect(faq).toMatchObject({
      question_en: '',
      question_fr: 'Refunds?',
      answer_en: '',
      answer_fr: 'Within 14 days.',
      order_index: 0,
      active: true,
    });
    expect(pages.copy_trade).toMatchObject({
      title_en: '',
      title_fr: 'Copy our trades',
      content_en: '',
      content_fr: '<p>Ours</p>',
    });
    // A page the owner changed in any way keeps only what it had.
    expect(pages.privacy).toMatchObject({
      title_en: '',
      title_fr: legalTemplates.privacy.title.en,
      content_fr: '<p>Our own privacy policy</p>',
      content_en: '',
    });
    expect(pages.risk_disclosure).toMatchObject({ title_fr: 'Risks', title_en: '', content_en: '' });
    // The template as seeded is English text: English where it belongs, and the French template beside it.
    expect(pages.terms).toMatchObject({
      title_en: 'Terms of Service',
      title_fr: 'Conditions générales de vente',
      content_en: legalTemplates.terms.content.en,
      content_fr: legalTemplates.terms.content.fr,
    });
    expect(pages.terms!.content_fr).toContain('Modèle : remplacez ce texte avant de vendre.');

    // The single-language columns are gone.
    const columns = async (table: string) =>
      Object.keys((await previous.selectFrom(table).selectAll().limit(1).executeTakeFirstOrThrow()) as object);
    expect(await columns('faqs')).not.toContain('question');
    expect(await columns('faqs')).not.toContain('answer');
    expect(await columns('content_pages')).not.toContain('title');
    expect(await columns('content_pages')).not.toContain('content');
  });

  it('takes English when the shop follows each visitor’s browser or has no default language yet', async () => {
    for (const defaultLanguage of ['', null]) {
      const { pages, faq } = await previousShop(dialect, defaultLanguage);
      expect(faq).toMatchObject({
        question_en: 'Refunds?',
        question_fr: '',
        answer_en: 'Within 14 days.',
        answer_fr: '',
      });
      expect(pages.copy_trade).toMatchObject({ title_en: 'Copy our trades', title_fr: '', content_en: '<p>Ours</p>' });
      expect(pages.terms).toMatchObject({ title_fr: 'Conditions générales de vente' });
    }
  });
});
