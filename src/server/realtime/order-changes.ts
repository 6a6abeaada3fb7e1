import type { FastifyBaseLogger } from 'fastify';
import { Kysely, PostgresDialect, sql } from 'kysely';
import type pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import type { Database } from '../db/schema.js';
import { createSqliteReader } from '../db/sqlite.js';

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
const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000];

/**
 * PostgreSQL: one dedicated connection per instance LISTENs, and also carries the instance's
 * NOTIFYs and the listeners' re-reads, so none of them waits for a connection of the shared pool
 * (issue 21 §6: 100 payment callbacks at once kept the pool busy until the last one, and every
 * page heard of its payment only then). The ids published in one turn of the event loop leave in
 * one statement. An instance hears its own notifications too, so publishing never emits locally
 * (no doubles). A lost listening connection is re-opened with back-off; meanwhile NOTIFY goes
 * through the pool, and browsers poll (SPEC §4).
 */
export function postgresOrderChanges(db: Kysely<Database>, url: string, log: FastifyBaseLogger): OrderChanges {
  const listeners = new Listeners();
  let client: pg.Client | null = null;
  let closed = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | undefined;

  const connect = async () => {
    // pg is loaded by the PostgreSQL database only: a shop on SQLite does not carry it (issue 21 §5).
    const [{ Client }, { rowTypes }] = await Promise.all([
      import('pg').then((module) => module.default),
      import('../db/postgres.js'),
    ]);
    // The pool's row shapes: the re-reads go through the same repositories as every other read.
    const next = new Client({ connectionString: url, types: rowTypes });
    next.on('notification', (message) => {
      if (message.channel === CHANNEL && message.payload) listeners.emit(message.payload);
    });
    next.on('error', (error) => {
      log.warn({ err: error }, 'order change listener lost its connection');
      retry();
    });
    try {
      await next.connect();
      await next.query(`listen ${CHANNEL}`);
      if (closed) {
        await next.end();
        return;
      }
      client = next;
      attempt = 0;
    } catch (error) {
      log.warn({ err: error }, 'order change listener could not connect');
      await next.end().catch(() => undefined);
      retry();
    }
  };
  const retry = () => {
    const lost = client;
    client = null;
    lost?.end().catch(() => undefined);
    if (closed || timer) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(attempt++, RECONNECT_DELAYS_MS.length - 1)]!;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, delay);
    timer.unref();
  };
  const ready = connect();

  /** One NOTIFY statement for every id of the batch: on the listening connection, else through the pool. */
  const notify = async (ids: string[]) => {
    const listening = client;
    if (listening) {
      try {
        await listening.query('select pg_notify($1, id) from unnest($2::text[]) as id', [CHANNEL, ids]);
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
    reader: new Kysely<Database>({ dialect: singleClientDialect(listeningClient) }),
    async close() {
      closed = true;
      clearTimeout(timer);
      await ready;
      await client?.end().catch(() => undefined);
      client = null;
    },
    ready,
  };

  function listeningClient(): pg.Client {
    if (!client) throw new Error('the order change listener has no connection');
    return client;
  }
}

/**
 * A dialect whose every query runs on the client `current` answers, in its order: reads only (a
 * transaction would interleave with the other statements sent on the same client). `current`
 * throws when there is no client.
 */
function singleClientDialect(current: () => pg.Client): PostgresDialect {
  return new PostgresDialect({
    pool: {
      connect: async () => {
        const client = current();
        return { query: client.query.bind(client), release: () => undefined };
      },
      // The client is ended by its owner.
      end: async () => undefined,
    } as unknown as pg.Pool,
  });
}

export function createOrderChanges(
  db: Kysely<Database>,
  database: DatabaseConfig,
  log: FastifyBaseLogger,
): OrderChanges {
  return database.dialect === 'postgres'
    ? postgresOrderChanges(db, database.url, log)
    : inProcessOrderChanges(db, createSqliteReader<Database>(database.file));
}
