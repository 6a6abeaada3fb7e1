import type { CompiledQuery, Kysely } from 'kysely';

/**
 * Compiled statements run with less machinery than Kysely's, for the one path that runs thousands
 * of times a second: a robot's licence check (bench part `licences`, decision 0017). Kysely
 * passes every query through its executor, connection provider, driver and result plugins, a chain
 * of promises that costs about 8 µs a statement, four times what SQLite takes to run a check's
 * small ones. Results have the same shape as through Kysely (booleans, ISO timestamps).
 */
export interface DirectStatements {
  /** The rows of one compiled read. */
  read<Row>(query: CompiledQuery<Row>): Promise<Row[]>;
  /**
   * Compiled writes, in order, in one transaction: all of them are committed, or none. Answers
   * the number of rows each one changed.
   */
  writeInTransaction(queries: ReadonlyArray<CompiledQuery>): Promise<number[]>;
}

/** The engine's own runner of each Kysely instance that has one (SQLite's, see sqlite.ts). */
const runners = new WeakMap<Kysely<any>, DirectStatements>();
const throughKyselyRunners = new WeakMap<Kysely<any>, DirectStatements>();

export function registerDirectStatements(db: Kysely<any>, runner: DirectStatements): void {
  runners.set(db, runner);
}

/**
 * The runner of `db`: the engine's own when it registered one, else Kysely's way. A transaction
 * (a Kysely instance of its own) always runs through Kysely, inside that transaction.
 */
export function directStatements(db: Kysely<any>): DirectStatements {
  const runner = runners.get(db);
  if (runner) return runner;
  let kysely = throughKyselyRunners.get(db);
  if (!kysely) {
    kysely = throughKysely(db);
    throughKyselyRunners.set(db, kysely);
  }
  return kysely;
}

/** The same statements through Kysely: PostgreSQL's runner, and SQLite's while a transaction is open. */
export function throughKysely(db: Kysely<any>): DirectStatements {
  return {
    read: async <Row>(query: CompiledQuery<Row>) => (await db.executeQuery(query)).rows,
    writeInTransaction: async (queries) => {
      // One statement is atomic by itself: no BEGIN and COMMIT round trips around it.
      if (queries.length === 1) return [Number((await db.executeQuery(queries[0]!)).numAffectedRows ?? 0)];
      return db.transaction().execute(async (trx) => {
        const changed: number[] = [];
        for (const query of queries) changed.push(Number((await trx.executeQuery(query)).numAffectedRows ?? 0));
        return changed;
      });
    },
  };
}
