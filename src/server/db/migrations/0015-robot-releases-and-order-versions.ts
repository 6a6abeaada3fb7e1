import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { ColumnTypes } from '../dialect.js';

const list = (values: readonly string[]) => sql.join(values.map((value) => sql.lit(value)));

/** Orders whose file becomes a first version are read this many at a time. */
const BATCH = 500;

/**
 * Robot releases, automatic delivery and order versions (issue 18 §1, decision 0018):
 * - each robot's `delivery`: `per_order` (SPEC's flow, the default) or `automatic`;
 * - `robot_releases`: a robot's versions (x.y.z, with a sort key so that the highest is found by
 *   SQL), notes, file, and when every completed order had received it;
 * - `order_versions`: the files an order holds, oldest first by `seq`, each with its own two
 *   downloads. Each order's delivered file becomes its first version, with its download count;
 *   its download links and the owner's grants now name that version;
 * - the order's own file columns and download count go: the versions are the one record.
 */
export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  if (t.dialect === 'postgres') {
    // Kysely runs each PostgreSQL migration in a transaction.
    await migrate(db, t);
    return;
  }
  // Kysely runs SQLite migrations outside any transaction: a crash half-way must leave the shop as it was.
  await sql`begin immediate`.execute(db);
  try {
    await migrate(db, t);
    await sql`commit`.execute(db);
  } catch (error) {
    await sql`rollback`.execute(db);
    throw error;
  }
}

async function migrate(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  await db.schema
    .alterTable('robots')
    .addColumn('delivery', 'text', (c) =>
      c
        .notNull()
        .defaultTo('per_order')
        .check(sql`delivery in (${list(['per_order', 'automatic'])})`),
    )
    .execute();

  await db.schema
    .createTable('robot_releases')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // A robot's releases go with it; the orders that received one keep their copy (order_versions).
    .addColumn('robot_id', 'text', (c) => c.notNull().references('robots.id').onDelete('cascade'))
    .addColumn('version', 'text', (c) => c.notNull())
    // The version's three numbers, each zero-padded to five digits: text that sorts as the versions do.
    .addColumn('version_key', 'text', (c) => c.notNull())
    // Sanitised rich text.
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('file_path', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('file_size', t.integer, (c) => c.notNull())
    .addColumn('released_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    // Set once every completed order of the robot holds it (the distribution job, decision 0018).
    .addColumn('distributed_at', t.timestamp)
    .addUniqueConstraint('robot_releases_robot_version_unique', ['robot_id', 'version_key'])
    .execute();

  await db.schema
    .createTable('order_versions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    // 1, 2, 3… in the order they were delivered; the highest is the order's current version.
    .addColumn('seq', t.integer, (c) => c.notNull().check(sql`seq >= 1`))
    // The release's version, or the seq for a file the owner uploaded for this order.
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('release_id', 'text', (c) => c.references('robot_releases.id').onDelete('set null'))
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('file_path', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('download_count', t.integer, (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`download_count between 0 and 2`),
    )
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addUniqueConstraint('order_versions_order_seq_unique', ['order_id', 'seq'])
    // A release reaches an order once, whichever instance distributes it.
    .addUniqueConstraint('order_versions_order_release_unique', ['order_id', 'release_id'])
    .execute();
  await db.schema.createIndex('order_versions_release_idx').on('order_versions').column('release_id').execute();

  await db.schema
    .alterTable('order_downloads')
    .addColumn('version_id', 'text', (c) => c.references('order_versions.id').onDelete('cascade'))
    .execute();
  await db.schema
    .alterTable('order_download_grants')
    .addColumn('version_id', 'text', (c) => c.references('order_versions.id').onDelete('cascade'))
    .execute();

  await firstVersions(db);
  // Each order has at most one version so far: its links and grants were for that file.
  for (const table of ['order_downloads', 'order_download_grants'])
    await sql`update ${sql.table(table)} set version_id = (select v.id from order_versions v where v.order_id = ${sql.ref(`${table}.order_id`)})`.execute(
      db,
    );

  for (const column of ['file_path', 'file_name', 'download_count'])
    await db.schema.alterTable('orders').dropColumn(column).execute();
}

/**
 * Each order's delivered file as its version 1, with the downloads it had used; dated by its last
 * delivery on the timeline, else by the order's last change.
 */
async function firstVersions(db: Kysely<any>): Promise<void> {
  for (let after = ''; ;) {
    const orders: {
      id: string;
      file_path: string;
      file_name: string | null;
      download_count: number;
      delivered_at: string | Date;
    }[] = await db
      .selectFrom('orders as o')
      .select(['o.id', 'o.file_path', 'o.file_name', 'o.download_count'])
      .select(
        sql<string>`coalesce((select max(e.occurred_at) from order_events e where e.order_id = o.id and e.kind = 'file_delivered'), o.updated_at)`.as(
          'delivered_at',
        ),
      )
      .where('o.file_path', 'is not', null)
      .where('o.id', '>', after)
      .orderBy('o.id')
      .limit(BATCH)
      .execute();
    if (orders.length === 0) return;
    await db
      .insertInto('order_versions')
      .values(
        orders.map((order) => ({
          id: randomUUID(),
          order_id: order.id,
          seq: 1,
          label: '1',
          release_id: null,
          notes: '',
          file_path: order.file_path,
          // The download route named a file without a stored name after its key's last part.
          file_name: order.file_name ?? order.file_path.split('/').pop()!,
          download_count: order.download_count,
          created_at: order.delivered_at instanceof Date ? order.delivered_at.toISOString() : order.delivered_at,
        })),
      )
      .execute();
    after = orders.at(-1)!.id;
  }
}
