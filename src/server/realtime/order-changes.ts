import type { FastifyBaseLogger } from 'fastify';
import { Kysely, PostgresDialect, sql } from 'kysely';
import type pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import type { Database } from '../db/schema.js';
import { createSqliteReader } from '../db/sqlite.js';
import type { ListeningConnection } from './listening-connection.js';

/**
 * "Order X changed", delivered to every app instance (decision 0003). A message carries only the
 * order id: listeners re-read the order, so what they send is what the database says now.
 */
export interface OrderChanges {
  publish(orderId: string): Promise<void>;
  /** Calls `listener` with each changed order id; returns the function that stops it. */
  subscribe(listener: (orderId: string) => void): () => void;
  /**
   * Where listeners re-read a change: never behind the app's writes, since a payment callback's
   * burst of transactions fills the shared pool (PostgreSQL) or queues on the one connection
   * (SQLite), and a read queued behind them would reach the waiting pages only once the whole
   * burst is done (issue 21 §6). On PostgreSQL the connection the changes arrive on; on SQLite a
   * read-only connection of its own.
   */
  reader: Kysely<Database>;
  close(): Promise<void>;
  /** Settles once the instance listens (at once in-process), so a start-up can wait for it. */
  ready: Promise<void>;
}

class Listeners {
  private readonly set = new Set<(orderId: string) => void>();
  add(listener: (orderId: string) => void): () => void {
    this.set.add(listener);
    return () => this.set.delete(listener);
  }
  emit(orderId: string): void {
    for (const listener of this.set) listener(orderId);
  }
}

/**
 * SQLite: one process per DATA_DIR, so changes never leave it. Listeners re-read on `reader`, a
 * connection of their own when given (db/sqlite.ts `createSqliteReader`), which `close` ends.
 */
export function inProcessOrderChanges(db: Kysely<Database>, reader?: Kysely<Database>): OrderChanges {
  const listeners = new Listeners();
  return {
    publish: async (orderId) => listeners.emit(orderId),
    subscribe: (listener) => listeners.add(listener),
    reader: reader ?? db,
    close: async () => reader?.destroy(),
    ready: Promise.resolve(),
  };
}

const CHANNEL = 'order_changes';

/**
 * PostgreSQL: the instance's listening connection (`ListeningConnection`) LISTENs, and also
 * carries the instance's NOTIFYs and the listeners' re-reads, so none of them waits for a
 * connection of the shared pool (issue 21 §6: 100 payment callbacks at once kept the pool busy
 * until the last one, and every page heard of its payment only then). The ids published in one
 * turn of the event loop leave in one statement. An instance hears its own notifications too, so
 * publishing never emits locally (no doubles). While the listening connection is re-opened,
 * NOTIFY goes through the pool, and browsers poll (SPEC §4).
 */
export function postgresOrderChanges(
  db: Kysely<Database>,
  connection: ListeningConnection,
  log: FastifyBaseLogger,
): OrderChanges {
  const listeners = new Listeners();
  const ready = connection.listen(CHANNEL, (payload) => {
    if (payload) listeners.emit(payload);
  });

  /** One NOTIFY statement for every id of the batch: on the listening connection, else through the pool. */
  const notify = async (ids: string[]) => {
    if (connection.current) {
      try {
        await connection.query('select pg_notify($1, id) from unnest($2::text[]) as id', [CHANNEL, ids]);
        return;
      } catch (error) {
        // The connection dropped under the statement: the pool still reaches the other instances.
        log.warn({ err: error }, 'order changes could not be sent on the listening connection');
      }
    }
    await sql`select pg_notify(${CHANNEL}, id) from unnest(${ids}::text[]) as id`.execute(db);
  };
  let batch: { ids: Set<string>; sent: Promise<void> } | null = null;

  return {
    publish(orderId) {
      if (!batch) {
        const ids = new Set<string>();
        batch = {
          ids,
          sent: new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
            batch = null;
            return notify([...ids]);
          }),
        };
      }
      batch.ids.add(orderId);
      return batch.sent;
    },
    subscribe: (listener) => listeners.add(listener),
    reader: new Kysely<Database>({ dialect: singleClientDialect(connection) }),
    // The connection is the instance's, closed with the database.
    close: async () => undefined,
    ready,
  };
}

/**
 * A dialect whose every query runs on the listening connection, after the statements sent before
 * it: reads only (a transaction would interleave with the other statements sent on it). A query
 * fails while the connection is down.
 */
function singleClientDialect(connection: ListeningConnection): PostgresDialect {
  return new PostgresDialect({
    pool: {
      connect: async () => ({
        query: (text: string, values?: unknown[]) => connection.query(text, values),
        release: () => undefined,
      }),
      // The client is ended by its owner.
      end: async () => undefined,
    } as unknown as pg.Pool,
  });
}

/** `connection` is the instance's listening connection on PostgreSQL (null on SQLite). */
export function createOrderChanges(
  db: Kysely<Database>,
  database: DatabaseConfig,
  connection: ListeningConnection | null,
  log: FastifyBaseLogger,
): OrderChanges {
  if (database.dialect === 'postgres') {
    if (!connection) throw new Error('order changes on PostgreSQL need the instance listening connection');
    return postgresOrderChanges(db, connection, log);
  }
  return inProcessOrderChanges(db, createSqliteReader<Database>(database.file));
}
