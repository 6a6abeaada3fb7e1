import type { Kysely } from 'kysely';
import { freeSlug, slugFromName } from '../../../shared/robot-slug.js';
import type { ColumnTypes } from '../dialect.js';

/** The SEO title every shop was given before it had a name of its own (issue 19 §1). */
const FORMER_DEFAULT_SEO_TITLE = 'TradeBot Store — AI Trading Robots for MT4 & MT5';

/**
 * Readable robot addresses and the shop's own name (issue 19 §1, §4):
 * - every robot gets a unique `slug`, made from its name (oldest robot first, so it keeps the
 *   plain one when two names meet; later ones get -2, -3, …), under a unique index;
 * - `robot_slug_history` keeps a robot's earlier slugs, so an address that was shared or indexed
 *   keeps leading to it after a rename (301); it goes with the robot;
 * - a shop still on the former default SEO title, which named "TradeBot Store", gets the empty
 *   one: Home is then titled with the shop's name (setting `site_name`, whose default the start's
 *   settings seeding adds) and the tagline of the page's language. A title the owner wrote stays.
 *
 * The column is added NOT NULL with an empty default because SQLite cannot add a NOT NULL column
 * without one; every row is filled before the unique index exists, and the app always writes a
 * slug (the database types require it).
 */
export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  await db.schema
    .alterTable('robots')
    .addColumn('slug', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  const robots = await db.selectFrom('robots').select(['id', 'name']).orderBy('created_date').orderBy('id').execute();
  const taken = new Set<string>();
  for (const robot of robots as Array<{ id: string; name: string }>) {
    const slug = freeSlug(slugFromName(robot.name), (candidate) => taken.has(candidate));
    taken.add(slug);
    await db.updateTable('robots').set({ slug }).where('id', '=', robot.id).execute();
  }
  await db.schema.createIndex('robots_slug_unique').on('robots').column('slug').unique().execute();

  await db.schema
    .createTable('robot_slug_history')
    .addColumn('slug', 'text', (c) => c.primaryKey())
    .addColumn('robot_id', 'text', (c) => c.notNull().references('robots.id').onDelete('cascade'))
    .addColumn('replaced_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex('robot_slug_history_robot_idx').on('robot_slug_history').column('robot_id').execute();

  await db
    .updateTable('settings')
    .set({ value: '' })
    .where('key', '=', 'seo_title')
    .where('value', '=', FORMER_DEFAULT_SEO_TITLE)
    .execute();
}
