import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import type { DatabaseConfig } from '../config.js';

/**
 * "Order X changed", delivered to every app instance (decision 0003). A message carries only the
 * order id: listeners re-read the order, so what they send is what the database says now.
 */
export interface OrderChanges {
  publish(orderId: string): Promise<void>;
  /** Calls `listener` with each changed order id; returns the function that stops it. */
  subscribe(listener: (orderId: string) => void): () => void;
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

/** SQLite: one process per DATA_DIR, so changes never leave it. */
export function inProcessOrderChanges(): OrderChanges {
  const listeners = new Listeners();
  return {
    publish: async (orderId) => listeners.emit(orderId),
    subscribe: (listener) => listeners.add(listener),
    close: async () => undefined,
    ready: Promise.resolve(),
  };
}

const CHANNEL = 'order_changes';
const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000];

/**
 * PostgreSQL: NOTIFY through the shared pool, LISTEN on one dedicated connection per instance.
 * An instance hears its own notifications too, so publishing never emits locally (no doubles).
 * A lost listening connection is re-opened with back-off; browsers poll meanwhile (SPEC §4).
 */
export function postgresOrderChanges(db: Kysely<any>, url: string, log: FastifyBaseLogger): OrderChanges {
  const listeners = new Listeners();
  let client: pg.Client | null = null;
  let closed = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | undefined;

  const connect = async () => {
    // pg is loaded by the PostgreSQL database only: a shop on SQLite does not carry it (issue 21 §5).
    const { Client } = (await import('pg')).default;
    const next = new Client({ connectionString: url });
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

  return {
    async publish(orderId) {
      await sql`select pg_notify(${CHANNEL}, ${orderId})`.execute(db);
    },
    subscribe: (listener) => listeners.add(listener),
    async close() {
      closed = true;
      clearTimeout(timer);
      await ready;
      await client?.end().catch(() => undefined);
      client = null;
    },
    ready,
  };
}

export function createOrderChanges(db: Kysely<any>, database: DatabaseConfig, log: FastifyBaseLogger): OrderChanges {
  return database.dialect === 'postgres' ? postgresOrderChanges(db, database.url, log) : inProcessOrderChanges();
}
