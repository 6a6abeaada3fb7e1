import { sql, type Expression, type Kysely, type RawBuilder } from 'kysely';

export type DialectName = 'sqlite' | 'postgres';

/**
 * On PostgreSQL, a NOTIFY on `channel` that every instance listening hears once `db`'s transaction
 * commits (never if it rolls back). SQLite serves one process: nobody else to tell.
 */
export async function notifyOnCommit(db: Kysely<any>, dialect: DialectName, channel: string): Promise<void> {
  if (dialect === 'postgres') await sql`select pg_notify(${channel}, '')`.execute(db);
}

/**
 * Column types and defaults that differ between the engines. Migrations are written once against
 * these names; this is the only place that knows how each engine spells them.
 */
export interface ColumnTypes {
  dialect: DialectName;
  text: 'text';
  integer: 'integer';
  /** ISO-8601 text on SQLite, timestamptz on PostgreSQL. */
  timestamp: 'text' | 'timestamptz';
  /** Exact two-decimal amounts on PostgreSQL; SQLite has only REAL. */
  money: 'real' | 'numeric(12, 2)';
  /** Statistics pushed by workflows: any decimal number. */
  decimal: 'real' | 'double precision';
  boolean: 'integer' | 'boolean';
  now: RawBuilder<string>;
  true: RawBuilder<boolean>;
  false: RawBuilder<boolean>;
}

export function columnTypes(dialect: DialectName): ColumnTypes {
  const sqlite = dialect === 'sqlite';
  return {
    dialect,
    text: 'text',
    integer: 'integer',
    timestamp: sqlite ? 'text' : 'timestamptz',
    money: sqlite ? 'real' : 'numeric(12, 2)',
    decimal: sqlite ? 'real' : 'double precision',
    boolean: sqlite ? 'integer' : 'boolean',
    now: sqlite ? sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))` : sql`now()`,
    true: sqlite ? sql`1` : sql`true`,
    false: sqlite ? sql`0` : sql`false`,
  };
}

/** A CHECK that a boolean column holds a boolean (SQLite would accept any integer). */
export function booleanCheck(types: ColumnTypes, column: string): Expression<unknown> {
  return types.dialect === 'sqlite' ? sql`${sql.ref(column)} in (0, 1)` : sql`true`;
}

/**
 * Runs `work` while holding a database-wide lock, so that several app instances starting together
 * on PostgreSQL seed exactly once. SQLite needs nothing: one process per DATA_DIR.
 */
export async function withStartupLock<T>(
  db: Kysely<any>,
  dialect: DialectName,
  work: (db: Kysely<any>) => Promise<T>,
): Promise<T> {
  if (dialect === 'sqlite') return work(db);
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${sql.lit(728_201_771)})`.execute(connection);
    try {
      return await work(connection);
    } finally {
      await sql`select pg_advisory_unlock(${sql.lit(728_201_771)})`.execute(connection);
    }
  });
}

/** Background jobs that must not run on two app instances at the same time, with their lock keys. */
const exclusiveJobKeys = {
  'stats-refresh': 728_201_772,
  'newsletter-send': 728_201_773,
  'email-outbox': 728_201_774,
  'licence-checks-cleanup': 728_201_775,
  'unpaid-orders-expiry': 728_201_776,
  'track-record-figures': 728_201_778,
  'trial-reminders': 728_201_779,
} as const;
export type ExclusiveJob = keyof typeof exclusiveJobKeys;

/**
 * Runs `work` unless another app instance is running the same job, in which case it returns
 * `{ ran: false }` at once instead of waiting. On PostgreSQL the lock is an advisory lock held by a
 * connection of its own while `work` uses the pool; it is released with that connection if the
 * process dies. SQLite needs nothing: one process per DATA_DIR.
 */
export async function runExclusive<T>(
  db: Kysely<any>,
  dialect: DialectName,
  job: ExclusiveJob,
  work: () => Promise<T>,
): Promise<{ ran: true; value: T } | { ran: false }> {
  if (dialect === 'sqlite') return { ran: true, value: await work() };
  const key = sql.lit(exclusiveJobKeys[job]);
  return db.connection().execute(async (connection) => {
    const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${key}) as locked`.execute(connection);
    if (rows[0]?.locked !== true) return { ran: false as const };
    try {
      return { ran: true as const, value: await work() };
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(connection);
    }
  });
}

/** True when the error is a unique-constraint violation, on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** True when the error is a foreign-key violation, on either engine. */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/**
 * True when PostgreSQL gave up a transaction that raced another (a serializable transaction's
 * conflict, or a deadlock): running it again is the answer. SQLite runs one writer at a time and
 * never raises it.
 */
export function isSerializationFailure(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '40001' || code === '40P01';
}

/**
 * True when the database could not take the request in time: on PostgreSQL, every connection of
 * the pool stayed busy for the pool's whole connection timeout (pg-pool says so only in its
 * message); on SQLite, another writer held the file for the whole busy timeout. Nothing of the
 * request was written, and the same request a few seconds later may go through.
 */
export function isDatabaseBusy(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return (
    error.message === 'timeout exceeded when trying to connect' ||
    (typeof code === 'string' && code.startsWith('SQLITE_BUSY'))
  );
}
