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
  it('keeps every licence and activation, with nobody named as having freed a slot, and accepts only the two roles', async () => {
    const { db } = await emptyDatabase(dialect, cleanups);
    const migrator = new Migrator({ db, provider: new InCodeMigrations(columnTypes(dialect)) });
    expect((await migrator.migrateTo('0014-order-events-shop-actor')).error).toBeUndefined();
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
      .select(['account_login', 'freed_at', 'freed_by_role', 'freed_by_user_id', 'freed_by_email'])
      .orderBy('account_login')
      .execute();
    expect(
      rows.map((row) => [row.account_login, row.freed_at !== null, row.freed_by_role, row.freed_by_user_id]),
    ).toEqual([
      ['1001', true, null, null],
      ['1002', false, null, null],
    ]);
    await expect(
      previous
        .updateTable('licence_activations')
        .set({ freed_by_role: 'robot' })
        .where('account_login', '=', '1002')
        .execute(),
    ).rejects.toThrow();
    await db
      .updateTable('licence_activations')
      .set({ freed_by_role: 'administrator', freed_by_user_id: userId, freed_by_email: 'before@example.com' })
      .where('account_login', '=', '1002')
      .execute();
    // The account goes, the record of who freed the slot stays (the address was copied).
    await previous.deleteFrom('users').where('id', '=', userId).execute();
    expect(
      await db
        .selectFrom('licence_activations')
        .select(['freed_by_role', 'freed_by_user_id', 'freed_by_email'])
        .where('account_login', '=', '1002')
        .executeTakeFirst(),
    ).toEqual({ freed_by_role: 'administrator', freed_by_user_id: null, freed_by_email: 'before@example.com' });
  });
});
