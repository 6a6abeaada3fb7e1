import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from './schema.js';
import { preparedQuery, preparedRecordQuery } from './prepared-query.js';

/** Kysely without a database: these tests look at the compiled SQL and its parameters only. */
const builders = {
  sqlite: new Kysely<Database>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  }),
  postgres: new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  }),
};

describe.each(Object.entries(builders))('preparedQuery (%s SQL)', (_dialect, db) => {
  const licenceOfAccount = (keyHash: string, login: string) =>
    db
      .selectFrom('licences')
      .leftJoin('licence_activations as bound', (join) =>
        join.onRef('bound.licence_id', '=', 'licences.id').on('bound.account_login', '=', login),
      )
      .select(['licences.id', 'bound.id as bound_id'])
      .where('licences.key_hash', '=', keyHash)
      .where('licences.status', '=', 'active');

  it('compiles once and puts each value where Kysely would, in the order of the SQL, fixed values kept', () => {
    const prepared = preparedQuery(licenceOfAccount);
    const run = prepared('hash-1', '5001');
    const built = licenceOfAccount('hash-1', '5001').compile();
    expect(run.sql).toBe(built.sql);
    // The login comes first in the SQL (the join), the key hash after it, the fixed status last.
    expect(run.parameters).toEqual(['5001', 'hash-1', 'active']);
    expect(run.parameters).toEqual(built.parameters);
    expect(prepared('hash-2', '7001').parameters).toEqual(['7001', 'hash-2', 'active']);
  });

  it('passes null and numbers through as values', () => {
    const prepared = preparedQuery((id: string, slot: number, eaVersion: string | null) =>
      db.updateTable('licence_activations').set({ slot, ea_version: eaVersion }).where('id', '=', id),
    );
    expect(prepared('activation-1', 2, null).parameters).toEqual([2, null, 'activation-1']);
  });

  it('gives every run a query id of its own', () => {
    const prepared = preparedQuery(licenceOfAccount);
    expect(prepared('a', '1').queryId).not.toBe(prepared('a', '1').queryId);
  });

  it('refuses a value the query does not take as a parameter', () => {
    expect(() => preparedQuery((keyHash: string, _unused: string) => licenceOfAccount(keyHash, 'fixed'))).toThrow(
      /value 1 is not a parameter/,
    );
  });

  it('takes a record for a query made from one, each value where Kysely puts it', () => {
    const columns = ['id', 'label', 'created_at'] as const;
    const insert = (row: Record<(typeof columns)[number], unknown>) =>
      db
        .insertInto('order_versions')
        .values(row as never)
        .returningAll();
    const prepared = preparedRecordQuery(columns, insert);
    const row = { id: 'version-1', label: 'v1.0', created_at: '2026-01-01T00:00:00.000Z' };
    const built = insert(row).compile();
    expect(prepared(row).sql).toBe(built.sql);
    expect(prepared(row).parameters).toEqual(built.parameters);
    expect(prepared({ ...row, label: null }).parameters).toEqual(['version-1', null, '2026-01-01T00:00:00.000Z']);
  });
});
