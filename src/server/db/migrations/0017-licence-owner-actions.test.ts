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

describe.each(testDialects)('migration 0017 (licence owner actions) on %s', (dialect) => {
  it("keeps every licence and activation, and no owner's note on a licence revoked before", async () => {
    const { db } = await emptyDatabase(dialect, cleanups);
    const migrator = new Migrator({ db, provider: new InCodeMigrations(columnTypes(dialect)) });
    expect((await migrator.migrateTo('0016-licence-slot-frees')).error).toBeUndefined();
    const previous = db as unknown as Kysely<any>;
    const userId = randomUUID();
    await previous
      .insertInto('users')
      .values({ id: userId, email: 'before@example.com', email_verified: dialect === 'sqlite' ? 1 : true })
      .execute();
    const orderId = randomUUID();
    await previous
      .insertInto('orders')
      .values({
        id: orderId,
        user_id: userId,
        robot_id: null,
        robot_name: 'Older robot',
        telegram_username: '@before',
        strategy_instructions: 'An order of the previous release, kept with its licence and activations.',
        price: 99,
        expected_amount: 99,
        status: 'paid',
        estimated_delivery: '2026-01-08T00:00:00.000Z',
        created_date: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
      })
      .execute();
    const licenceId = randomUUID();
    await previous
      .insertInto('licences')
      .values({
        id: licenceId,
        order_id: orderId,
        robot_id: null,
        user_id: userId,
        key_hash: 'hash-before',
        key_sealed: 'sealed-before',
        key_suffix: 'ABCDE',
        real_slots: 1,
        demo_slots: 2,
        status: 'revoked',
        revoked_reason: 'refunded',
        revoked_at: '2026-01-02T00:00:00.000Z',
      })
      .execute();
    const activation = (login: string, freedAt: string | null) => ({
      id: randomUUID(),
      licence_id: licenceId,
      account_login: login,
      account_server: 'Broker-Live',
      account_mode: 'real',
      slot: 1,
      platform: 'MT5',
      first_seen_at: '2026-01-01T00:00:00.000Z',
      last_seen_at: '2026-01-01T00:00:00.000Z',
      freed_at: freedAt,
    });
    await previous
      .insertInto('licence_activations')
      .values([activation('1001', '2026-01-02T00:00:00.000Z'), activation('1002', null)])
      .execute();

    expect(await migrateToLatest(db, dialect)).toContain('0017-licence-owner-actions');

    expect(await db.selectFrom('licences').select(['id', 'revoked_reason', 'revoked_note']).execute()).toEqual([
      { id: licenceId, revoked_reason: 'refunded', revoked_note: null },
    ]);
    const rows = await db
      .selectFrom('licence_activations')
      .select(['account_login', 'freed_at'])
      .orderBy('account_login')
      .execute();
    expect(rows.map((row) => [row.account_login, row.freed_at !== null])).toEqual([
      ['1001', true],
      ['1002', false],
    ]);
  });
});
