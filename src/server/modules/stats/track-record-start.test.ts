import { randomUUID } from 'node:crypto';
import { Migrator, type Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { emptyDatabase } from '../../../../tests/support/empty-database.js';
import { createTestApp, testDialects, type TestApp } from '../../../../tests/support/test-app.js';
import type { Robot } from '../../../shared/schemas/catalogue.js';
import type { TrackRecord } from '../../../shared/schemas/track-record.js';
import { columnTypes } from '../../db/dialect.js';
import { InCodeMigrations, migrateToLatest } from '../../db/migrate.js';
import type { Database } from '../../db/schema.js';
import { TrackRecordRepository } from './track-record.repository.js';
import { TrackRecordService } from './track-record.service.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe.each(testDialects)('track records of data that no push brought, on %s', (dialect) => {
  it('computes, once, the figures of the balances a shop recorded before migration 0018', async () => {
    const { db } = await emptyDatabase(dialect, cleanups);
    const migrator = new Migrator({ db, provider: new InCodeMigrations(columnTypes(dialect)) });
    expect((await migrator.migrateTo('0014-order-events-shop-actor')).error).toBeUndefined();
    const previous = db as unknown as Kysely<any>;
    const robotId = randomUUID();
    await previous.insertInto('robots').values({ id: robotId, name: 'Old Robot', price: 10 }).execute();
    await previous
      .insertInto('robot_stats_history')
      .values([
        { robot_id: robotId, recorded_at: '2026-01-01T00:00:00.000Z', balance: 1000, floating: -10 },
        { robot_id: robotId, recorded_at: '2026-01-04T00:00:00.000Z', balance: 1100, floating: null },
      ])
      .execute();
    await migrateToLatest(db, dialect);

    const service = new TrackRecordService(new TrackRecordRepository(db as Kysely<Database>));
    expect(await service.computeMissing()).toBe(1);
    expect(await service.computeMissing()).toBe(0);
    const record = await service.publicTrackRecord(robotId);
    // Balance 1000 -> 1100: +10 %; equity 990 -> 1100 only rises: no drawdown.
    expect(record.figures.growth).toBeCloseTo(10, 9);
    expect(record.figures.equity_drawdown).toBe(0);
    expect(record.figures.started_at).toBe('2026-01-01T00:00:00.000Z');
    const robot = await db.selectFrom('robots').select(['track_growth', 'track_started_at']).executeTakeFirstOrThrow();
    expect(robot.track_growth).toBeCloseTo(10, 9);
    expect(robot.track_started_at).toBe('2026-01-01T00:00:00.000Z');
  });
});

describe.each(testDialects)('the demo catalogue’s track records on %s', (dialect) => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await createTestApp(dialect, { STATS_REFRESH_SECONDS: '0', SEED_DEMO: 'true' });
  });
  afterAll(() => shop.close());

  it('are computed at start from the seeded history and trades', async () => {
    const robots = (await shop.app.inject({ url: '/api/robots' })).json<Robot[]>();
    expect(robots.length).toBeGreaterThan(0);
    for (const robot of robots) {
      const record = (await shop.app.inject({ url: `/api/robots/${robot.id}/track-record` })).json<TrackRecord>();
      expect(record.figures.readings, robot.name).toBe(30);
      expect(record.figures.trades, robot.name).toBe(40);
      // No cash flow in the demo: the growth is the balance's own change, first to last day.
      const [first, last] = [record.curve[0]!, record.curve.at(-1)!];
      expect(record.figures.growth, robot.name).toBeCloseTo((last.balance / first.balance - 1) * 100, 9);
      expect(last.balance, robot.name).toBe(robot.balance);
      expect(robot.track_growth, robot.name).toBeCloseTo(record.figures.growth!, 9);
      expect(robot.track_max_drawdown, robot.name).toBeCloseTo(record.figures.equity_drawdown!, 9);
      // The trades' win rate is the robot's, to the nearest trade of forty.
      expect(Math.abs(record.figures.win_rate! - robot.winrate!), robot.name).toBeLessThanOrEqual(1.25);
    }
  });
});
