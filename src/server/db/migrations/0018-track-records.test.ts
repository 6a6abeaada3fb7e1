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

describe.each(testDialects)('migration 0018 (track records) on %s', (dialect) => {
  it('turns the balances recorded so far into readings (their figures are computed at start)', async () => {
    const { db } = await emptyDatabase(dialect, cleanups);
    const migrator = new Migrator({ db, provider: new InCodeMigrations(columnTypes(dialect)) });
    expect((await migrator.migrateTo('0014-order-events-shop-actor')).error).toBeUndefined();
    const previous = db as unknown as Kysely<any>;
    const robotId = randomUUID();
    await previous.insertInto('robots').values({ id: robotId, name: 'Old Robot', price: 10 }).execute();
    const point = (recorded_at: string, balance: number | null, floating: number | null) => ({
      robot_id: robotId,
      recorded_at,
      balance,
      floating,
    });
    await previous
      .insertInto('robot_stats_history')
      .values([
        point('2026-01-01T00:00:00.000Z', 1000, -10),
        // No balance, or SPEC's "0 = not reported": no reading.
        point('2026-01-02T00:00:00.000Z', null, 5),
        point('2026-01-03T00:00:00.000Z', 0, 5),
        point('2026-01-04T00:00:00.000Z', 1100, null),
      ])
      .execute();

    await migrateToLatest(db, dialect);
    const readings = await db
      .selectFrom('robot_track_readings')
      .select(['recorded_at', 'balance', 'equity', 'received_at'])
      .where('robot_id', '=', robotId)
      .orderBy('recorded_at')
      .execute();
    expect(readings).toEqual([
      { recorded_at: '2026-01-01T00:00:00.000Z', balance: 1000, equity: 990, received_at: '2026-01-01T00:00:00.000Z' },
      { recorded_at: '2026-01-04T00:00:00.000Z', balance: 1100, equity: 1100, received_at: '2026-01-04T00:00:00.000Z' },
    ]);
    const robot = await db
      .selectFrom('robots')
      .select(['verified_record_url', 'track_growth', 'track_max_drawdown', 'track_started_at'])
      .executeTakeFirstOrThrow();
    expect(robot).toEqual({
      verified_record_url: null,
      track_growth: null,
      track_max_drawdown: null,
      track_started_at: null,
    });
  });
});
