import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { LEGAL_PAGE_SLUGS } from '../../../shared/content-pages.js';
import { freeSlug, slugFromName } from '../../../shared/robot-slug.js';
import { toColumns } from '../../../shared/localized-text.js';
import { settingDefaults, settingRows } from '../../../shared/settings-keys.js';
import { versionKey } from '../../../shared/schemas/releases.js';
import type { Storage } from '../../storage/storage.js';
import type { Database } from '../schema.js';
import {
  demoBanners,
  demoCategories,
  demoHeroText,
  demoRobotHistory,
  demoRobots,
  demoRobotTrades,
} from './demo-content.js';
import { demoFaqs } from './demo-faqs.js';
import { demoPages } from './demo-pages.js';
import { legalTemplates, type SeededPage } from './legal-templates.js';
import { demoReleaseFile, demoReleaseFileName, demoReleases } from './demo-releases.js';

/**
 * Every setting key of SPEC §3 exists with its default (an owner's text in each language, one row
 * per language); saved values are left alone.
 */
export async function ensureSettings(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('settings')
    .values(Object.entries(settingRows(settingDefaults)).map(([key, value]) => ({ id: randomUUID(), key, value })))
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();
}

/** A seeded page's title and body as the columns of both languages. */
function pageColumns(page: SeededPage) {
  return { ...toColumns('title', page.title), ...toColumns('content', page.content) };
}

/**
 * Fills an empty shop with the demo catalogue, once in the life of the database: the marker in
 * app_meta keeps content the administrator deleted from coming back at the next start.
 */
export async function seedDemoContent(db: Kysely<Database>, now = new Date()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const marker = await trx
      .selectFrom('app_meta')
      .select('value')
      .where('key', '=', 'demo_seeded_at')
      .executeTakeFirst();
    if (marker) return false;
    const existing = await trx.selectFrom('robots').select('id').limit(1).executeTakeFirst();
    await trx.insertInto('app_meta').values({ key: 'demo_seeded_at', value: now.toISOString() }).execute();
    if (existing) return false;

    const at = (offsetSeconds: number) => new Date(now.getTime() - offsetSeconds * 1000).toISOString();
    await trx
      .insertInto('categories')
      .values(
        demoCategories.map((category) => ({
          id: randomUUID(),
          ...toColumns('name', category.name),
          key: category.key,
          active: true,
          created_date: at(0),
          updated_at: at(0),
        })),
      )
      .execute();

    // Files of the demo releases, written to storage once the app has it (writeDemoReleaseFiles).
    const releaseFiles: DemoReleaseFile[] = [];
    const slugs = new Set<string>();
    for (const [index, robot] of demoRobots.entries()) {
      const id = randomUUID();
      const slug = freeSlug(slugFromName(robot.name), (candidate) => slugs.has(candidate));
      slugs.add(slug);
      const release = demoReleases.find((candidate) => candidate.robot === robot.name);
      // Distinct creation times keep "newest first" meaningful in the demo.
      const created = at((demoRobots.length - index) * 3600);
      await trx
        .insertInto('robots')
        .values({
          id,
          name: robot.name,
          slug,
          ...toColumns('description', robot.description),
          price: robot.price,
          image_url: robot.image_url,
          category: robot.category,
          risk_level: robot.risk_level,
          trading_pair: robot.trading_pair,
          exchange: robot.exchange,
          features_en: JSON.stringify(robot.features.en),
          features_fr: JSON.stringify(robot.features.fr),
          performance_estimate: robot.performance_estimate,
          target_profit: robot.target_profit,
          weekly_pnl: robot.weekly_pnl,
          monthly_pnl: robot.monthly_pnl,
          status: robot.status,
          winrate: robot.winrate,
          balance: robot.balance,
          profit: robot.profit,
          profit_factor: robot.profit_factor,
          weekly: robot.weekly,
          monthly: robot.monthly,
          floating: robot.floating,
          daily: robot.daily,
          last_stats_update: now.toISOString(),
          // The licensed robots of the demo (issue 18): a licence, automatic delivery, maybe a trial.
          ...(release ? { licence_required: true, delivery: 'automatic' as const, trial_days: release.trialDays } : {}),
          created_date: created,
          updated_at: created,
        })
        .execute();
      const history = demoRobotHistory(robot, now);
      if (release) {
        const file = demoReleaseFile(release);
        const filePath = `private/releases/${id}/${randomUUID()}.mq5`;
        await trx
          .insertInto('robot_releases')
          .values({
            id: randomUUID(),
            robot_id: id,
            version: release.version,
            version_key: versionKey(release.version),
            notes: release.notes,
            file_path: filePath,
            file_name: demoReleaseFileName(release),
            file_size: file.length,
            released_at: created,
            // No order holds the robot yet: nothing to distribute.
            distributed_at: created,
          })
          .execute();
        releaseFiles.push({ path: filePath, robot: release.robot, version: release.version });
      }
      await trx
        .insertInto('robot_stats_history')
        .values(history.map((point) => ({ robot_id: id, ...point })))
        .execute();
      // The track record's data (decision 0019); the stats module computes its figures at start.
      await trx
        .insertInto('robot_track_readings')
        .values(
          history.map((point) => ({
            robot_id: id,
            recorded_at: point.recorded_at,
            balance: point.balance,
            equity: Math.round((point.balance + point.floating) * 100) / 100,
            received_at: point.recorded_at,
          })),
        )
        .execute();
      await trx
        .insertInto('robot_track_trades')
        .values(
          demoRobotTrades(robot, now).map((trade) => ({
            id: randomUUID(),
            robot_id: id,
            ...trade,
            received_at: trade.closed_at,
          })),
        )
        .execute();
    }

    if (releaseFiles.length > 0)
      await trx
        .insertInto('app_meta')
        .values({ key: DEMO_RELEASE_FILES_KEY, value: JSON.stringify(releaseFiles) })
        .execute();

    for (const [key, value] of Object.entries(settingRows(demoHeroText))) {
      await trx
        .updateTable('settings')
        .set({ value, updated_at: at(0) })
        .where('key', '=', key)
        .where('value', '=', '')
        .execute();
    }
    await trx
      .insertInto('banners')
      .values(
        demoBanners.map(({ title, ...banner }) => ({
          id: randomUUID(),
          ...banner,
          ...toColumns('title', title),
          created_date: at(0),
          updated_at: at(0),
        })),
      )
      .execute();
    await trx
      .insertInto('faqs')
      .values(
        demoFaqs.map((faq) => ({
          id: randomUUID(),
          ...toColumns('question', faq.question),
          ...toColumns('answer', faq.answer),
          order_index: faq.order_index,
          active: faq.active,
          created_date: at(0),
          updated_at: at(0),
        })),
      )
      .execute();
    await trx
      .insertInto('content_pages')
      .values(
        (['copy_trade', 'update'] as const).map((slug) => ({
          id: randomUUID(),
          slug,
          ...pageColumns(demoPages[slug]),
          created_at: at(0),
          updated_at: at(0),
        })),
      )
      .execute();
    return true;
  });
}

/**
 * The legal pages' templates, once in the life of the database, with a marker of their own: shops
 * seeded before these pages existed get them too, and a page the administrator has written or
 * deleted is never replaced. Like the demo catalogue, only when demo content is wanted.
 */
export async function seedLegalPageTemplates(db: Kysely<Database>, now = new Date()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const marker = await trx
      .selectFrom('app_meta')
      .select('value')
      .where('key', '=', 'legal_templates_seeded_at')
      .executeTakeFirst();
    if (marker) return false;
    await trx.insertInto('app_meta').values({ key: 'legal_templates_seeded_at', value: now.toISOString() }).execute();
    const existing = new Set(
      (await trx.selectFrom('content_pages').select('slug').where('slug', 'in', LEGAL_PAGE_SLUGS).execute()).map(
        (page) => page.slug,
      ),
    );
    const missing = LEGAL_PAGE_SLUGS.filter((slug) => !existing.has(slug));
    if (missing.length === 0) return false;
    const at = now.toISOString();
    await trx
      .insertInto('content_pages')
      .values(
        missing.map((slug) => ({
          id: randomUUID(),
          slug,
          ...pageColumns(legalTemplates[slug]),
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
    return true;
  });
}

/** A demo release's file still to write: its storage key, and which demo release it is. */
interface DemoReleaseFile {
  path: string;
  robot: string;
  version: string;
}

/** Where the seed leaves the demo releases' files to write (app_meta), until they are written. */
const DEMO_RELEASE_FILES_KEY = 'demo_release_files_pending';

/**
 * Writes the files of the demo releases that the demo catalogue's seed listed (the seed runs
 * before the app has its storage), then forgets the list. A start that fails half-way writes
 * them again at the next start: each write puts the same bytes under the same key.
 */
export async function writeDemoReleaseFiles(db: Kysely<Database>, storage: Storage): Promise<number> {
  const pending = await db
    .selectFrom('app_meta')
    .select('value')
    .where('key', '=', DEMO_RELEASE_FILES_KEY)
    .executeTakeFirst();
  if (!pending) return 0;
  const files = JSON.parse(pending.value) as DemoReleaseFile[];
  for (const file of files) {
    const release = demoReleases.find(
      (candidate) => candidate.robot === file.robot && candidate.version === file.version,
    );
    if (release) await storage.put(file.path, Readable.from([demoReleaseFile(release)]));
  }
  await db.deleteFrom('app_meta').where('key', '=', DEMO_RELEASE_FILES_KEY).execute();
  return files.length;
}
