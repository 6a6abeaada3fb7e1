import { randomUUID } from 'node:crypto';
import { Migrator, sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyDatabase } from '../../../../tests/support/empty-database.js';
import { testDialects } from '../../../../tests/support/test-app.js';
import { columnTypes } from '../dialect.js';
import { InCodeMigrations } from '../migrate.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe.each(testDialects)('migration 0015 (robot releases and order versions) on %s', (dialect) => {
  it("makes each order's delivered file its first version, with its downloads, links and grants", async () => {
    const { db } = await emptyDatabase(dialect, cleanups);
    const migrator = new Migrator({ db, provider: new InCodeMigrations(columnTypes(dialect)) });
    expect((await migrator.migrateTo('0014-order-events-shop-actor')).error).toBeUndefined();
    // A shop of the previous release: a robot, a delivered order with a download, its fetch and a
    // grant, a delivered order without a stored file name, and a pending order.
    const previous = db as unknown as Kysely<any>;
    const robotId = randomUUID();
    await previous.insertInto('robots').values({ id: robotId, name: 'Old Robot' }).execute();
    const order = (overrides: Record<string, unknown>) => ({
      id: randomUUID(),
      user_id: null,
      robot_id: robotId,
      robot_name: 'Old Robot',
      telegram_username: '@old',
      strategy_instructions: 'An older order, whose file becomes its first version.',
      price: 99,
      status: 'completed',
      estimated_delivery: '2026-01-08T00:00:00.000Z',
      file_path: null,
      file_name: null,
      download_count: 0,
      language: 'fr',
      created_date: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-05T00:00:00.000Z',
      ...overrides,
    });
    const delivered = order({
      file_path: 'private/orders/a/robot.zip',
      file_name: 'Golden Robot.zip',
      download_count: 1,
    });
    const unnamed = order({ file_path: 'private/orders/b/0f3c.mq5', download_count: 2 });
    const pending = order({ status: 'pending_payment' });
    await previous.insertInto('orders').values([delivered, unnamed, pending]).execute();
    // The delivery's line on the timeline dates the version.
    await previous
      .insertInto('order_events')
      .values({
        id: randomUUID(),
        order_id: delivered.id,
        occurred_at: '2026-01-03T10:00:00.000Z',
        kind: 'file_delivered',
        actor: 'administrator',
        from_status: 'paid',
        to_status: 'completed',
      })
      .execute();
    const download = {
      id: randomUUID(),
      order_id: delivered.id,
      downloaded_at: '2026-01-04T00:00:00.000Z',
      ip_address: '203.0.113.7',
      user_agent: 'curl/8',
      first_fetched_at: '2026-01-04T00:00:01.000Z',
      completed_at: '2026-01-04T00:00:02.000Z',
      bytes_sent: 1234,
      bytes_in_flight: 0,
    };
    await previous.insertInto('order_downloads').values(download).execute();
    const fetch = {
      id: randomUUID(),
      order_id: delivered.id,
      download_id: download.id,
      fetched_at: '2026-01-04T00:00:01.000Z',
      ip_address: '203.0.113.7',
      range_header: null,
      outcome: 'full',
    };
    await previous.insertInto('order_download_fetches').values(fetch).execute();
    const grant = {
      id: randomUUID(),
      order_id: unnamed.id,
      granted_by: null,
      granted_at: '2026-01-06T00:00:00.000Z',
      extra: 1,
    };
    await previous.insertInto('order_download_grants').values(grant).execute();

    const migrated = await migrator.migrateTo('0015-robot-releases-and-order-versions');
    expect(migrated.error).toBeUndefined();
    expect(migrated.results?.map((result) => result.migrationName)).toEqual(['0015-robot-releases-and-order-versions']);

    const versions = await db.selectFrom('order_versions').selectAll().orderBy('file_path').execute();
    const at = (value: string) => new Date(value).toISOString();
    expect(versions.map((version) => ({ ...version, created_at: at(version.created_at) }))).toEqual([
      {
        id: expect.any(String),
        order_id: delivered.id,
        seq: 1,
        label: '1',
        release_id: null,
        notes: '',
        file_path: 'private/orders/a/robot.zip',
        file_name: 'Golden Robot.zip',
        download_count: 1,
        created_at: '2026-01-03T10:00:00.000Z',
      },
      {
        id: expect.any(String),
        order_id: unnamed.id,
        seq: 1,
        label: '1',
        release_id: null,
        notes: '',
        file_path: 'private/orders/b/0f3c.mq5',
        // As the download route named it: the key's last part.
        file_name: '0f3c.mq5',
        download_count: 2,
        // No delivery on its timeline: the order's last change.
        created_at: '2026-01-05T00:00:00.000Z',
      },
    ]);
    const [first, second] = versions as [(typeof versions)[number], (typeof versions)[number]];
    // The link and the grant name the version of their order; the fetch log is as it was.
    expect(await previous.selectFrom('order_downloads').selectAll().execute()).toEqual([
      { ...download, version_id: first.id },
    ]);
    expect(await previous.selectFrom('order_download_grants').selectAll().execute()).toEqual([
      { ...grant, version_id: second.id },
    ]);
    expect(await previous.selectFrom('order_download_fetches').selectAll().execute()).toEqual([fetch]);

    // The orders' own file columns are gone: the versions are the one record.
    const orderColumns =
      dialect === 'sqlite'
        ? (await sql<{ name: string }>`select name from pragma_table_info('orders')`.execute(db)).rows
        : (
            await sql<{
              name: string;
            }>`select column_name as name from information_schema.columns where table_name = 'orders'`.execute(db)
          ).rows;
    const names = orderColumns.map((column) => column.name);
    expect(names).toContain('status');
    for (const gone of ['file_path', 'file_name', 'download_count']) expect(names).not.toContain(gone);

    // Robots are delivered per order until their owner says otherwise; another mode is refused.
    expect(await db.selectFrom('robots').select('delivery').execute()).toEqual([{ delivery: 'per_order' }]);
    await expect(
      previous.updateTable('robots').set({ delivery: 'by_hand' }).where('id', '=', robotId).execute(),
    ).rejects.toThrow();

    // A version counts at most two downloads; an order holds a seq and a release once.
    await expect(
      db.updateTable('order_versions').set({ download_count: 3 }).where('id', '=', first.id).execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto('order_versions')
        .values({ ...first, id: randomUUID(), file_path: 'private/orders/a/other.zip' })
        .execute(),
    ).rejects.toThrow();
    const release = {
      id: randomUUID(),
      robot_id: robotId,
      version: '1.0.0',
      version_key: '000010000000000',
      notes: '',
      file_path: 'private/releases/r/1.ex5',
      file_name: 'Robot.ex5',
      file_size: 4096,
    };
    await db.insertInto('robot_releases').values(release).execute();
    await expect(
      db
        .insertInto('robot_releases')
        .values({ ...release, id: randomUUID() })
        .execute(),
    ).rejects.toThrow();
    await db
      .insertInto('order_versions')
      .values({ ...first, id: randomUUID(), seq: 2, label: '1.0.0', release_id: release.id })
      .execute();
    await expect(
      db
        .insertInto('order_versions')
        .values({ ...first, id: randomUUID(), seq: 3, label: '1.0.0', release_id: release.id })
        .execute(),
    ).rejects.toThrow();

    // Deleting an order takes its versions, its links and their fetches along.
    await db.deleteFrom('orders').where('id', '=', delivered.id).execute();
    expect(await db.selectFrom('order_versions').select('order_id').execute()).toEqual([{ order_id: unnamed.id }]);
    expect(await previous.selectFrom('order_downloads').selectAll().execute()).toEqual([]);
  });
});
