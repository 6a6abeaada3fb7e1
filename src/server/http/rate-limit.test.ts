import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { createPostgresDialect, createPostgresPool } from '../db/postgres.js';
import type { Database } from '../db/schema.js';
import { SharedCounter } from './rate-limit.js';

// The shared counters are PostgreSQL's (SQLite counts in the process's memory).
describe.skipIf(!process.env.TEST_DATABASE_URL)('shared rate-limit counters on postgres', () => {
  let shop: TestApp;
  let db: Kysely<Database>;
  /** The statements `db` ran. */
  let statements = 0;

  beforeAll(async () => {
    shop = await createTestApp('postgres');
    const { database } = shop.config;
    if (database.dialect !== 'postgres') throw new Error('a PostgreSQL test app was expected');
    db = new Kysely<Database>({
      dialect: createPostgresDialect(createPostgresPool(database.url)),
      log: () => void (statements += 1),
    });
  });
  afterAll(async () => {
    await db?.destroy();
    await shop?.close();
  });

  /**
   * Until the database's own clock is past the key's window: the state the next hit reads, not a
   * guess at how long that takes.
   */
  async function windowEnded(key: string): Promise<void> {
    for (;;) {
      const { rows } = await sql<{ ended: boolean }>`
        select window_ends_at <= (extract(epoch from statement_timestamp()) * 1000)::bigint as ended
        from rate_limits where key = ${key}`.execute(db);
      if (rows[0]?.ended) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  it('counts the hits of one turn in one statement, each hitter with a count of its own, in turn', async () => {
    const counter = new SharedCounter(db);
    statements = 0;
    const hits = await Promise.all([
      counter.hit('test:a', 60_000),
      counter.hit('test:b', 60_000),
      counter.hit('test:a', 60_000),
      counter.hit('test:a', 60_000),
    ]);
    expect(statements).toBe(1);
    expect(hits.map((hit) => hit.current)).toEqual([1, 1, 2, 3]);
    for (const hit of hits) expect(hit.ttl).toBeGreaterThan(50_000);
    // A later turn goes on from the stored count.
    expect((await counter.hit('test:a', 60_000)).current).toBe(4);
    const rows = await db
      .selectFrom('rate_limits')
      .select(['key', 'hits'])
      .where('key', 'in', ['test:a', 'test:b'])
      .orderBy('key')
      .execute();
    expect(rows).toEqual([
      { key: 'test:a', hits: 4 },
      { key: 'test:b', hits: 1 },
    ]);
  });

  it('starts a new window once the last one ended, on the database clock', async () => {
    const counter = new SharedCounter(db);
    const first = await Promise.all([counter.hit('test:c', 100), counter.hit('test:c', 100)]);
    expect(first.map((hit) => hit.current)).toEqual([1, 2]);
    await windowEnded('test:c');
    const again = await Promise.all([counter.hit('test:c', 100), counter.hit('test:c', 100)]);
    expect(again.map((hit) => hit.current)).toEqual([1, 2]);
  });
});
