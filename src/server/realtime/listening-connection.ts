import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';

const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000];

/**
 * PostgreSQL: the one connection per instance that LISTENs, for every channel the instance
 * follows (order changes, decision 0003; settings changes). It is re-opened with back-off when
 * lost; a notification sent while it was down is lost, so whoever keeps state from it is told
 * each time it starts listening again (`onListening`) and may ask whether it listens now.
 */
export class ListeningConnection {
  private client: pg.Client | null = null;
  private closed = false;
  private attempt = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly channels = new Map<string, (payload: string) => void>();
  private readonly listeningHooks: Array<() => void> = [];
  /** The statements sent on the connection, one after another (see `query`). */
  private queue: Promise<unknown> = Promise.resolve();
  /** Settles once the first attempt to listen is over, listening or not. */
  readonly ready: Promise<void>;

  constructor(
    private readonly url: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.ready = this.connect();
  }

  /**
   * `handler` gets the payload of each notification on `channel`, from now on and after every
   * reconnection. Settles once the connection listens on it (or, when it is down, once the
   * attempt to listen is over: it listens again when it reconnects).
   */
  async listen(channel: string, handler: (payload: string) => void): Promise<void> {
    this.channels.set(channel, handler);
    await this.ready;
    const client = this.client;
    if (!client) return;
    try {
      await this.query(`listen ${channel}`);
    } catch (error) {
      // The connection broke under the statement: its 'error' reconnects, and listens on every channel.
      this.log.warn({ err: error, channel }, 'the listening connection could not listen');
    }
  }

  /** `hook` runs each time the connection starts listening (again). */
  onListening(hook: () => void): void {
    this.listeningHooks.push(hook);
  }

  /** The connection while it listens, else null. */
  get current(): pg.Client | null {
    return this.client;
  }

  /**
   * Runs a statement on the connection once the statements sent before it are answered. The
   * order changes' NOTIFYs and re-reads share the connection; pg warns when a client is given a
   * query while one runs ("deprecated", and refused from pg 9). Fails when the connection is down.
   */
  query<Row extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<Row>> {
    const client = this.client;
    if (!client) return Promise.reject(new Error('the listening connection is down'));
    const answer = this.queue.then(() => client.query<Row>(text, values));
    this.queue = answer.catch(() => undefined);
    return answer;
  }

  private async connect(): Promise<void> {
    // pg is loaded by the PostgreSQL database only: a shop on SQLite does not carry it (issue 21 §5).
    const [{ Client }, { rowTypes }] = await Promise.all([
      import('pg').then((module) => module.default),
      import('../db/postgres.js'),
    ]);
    // The pool's row shapes: reads on this connection go through the same repositories as every other read.
    // Its own transactions are NOTIFYs only (reads need none). A NOTIFY commits with a
    // transaction id, so with synchronous_commit on each one waited for a flush of the log to
    // disk before the instances heard it: a second disk flush on the way from a payment
    // callback's commit to the waiting pages (issue 21 §6). Lost in a crash, a notification is
    // lost with the connections that would hear it; the browsers poll meanwhile (SPEC §4).
    const next = new Client({ connectionString: this.url, types: rowTypes, options: '-c synchronous_commit=off' });
    next.on('notification', (message) => {
      if (message.payload !== undefined) this.channels.get(message.channel)?.(message.payload);
    });
    next.on('error', (error) => {
      this.log.warn({ err: error }, 'the listening connection was lost');
      this.retry();
    });
    try {
      await next.connect();
      for (const channel of this.channels.keys()) await next.query(`listen ${channel}`);
      if (this.closed) {
        await next.end();
        return;
      }
      this.client = next;
      this.attempt = 0;
      for (const hook of this.listeningHooks) hook();
    } catch (error) {
      this.log.warn({ err: error }, 'the listening connection could not connect');
      await next.end().catch(() => undefined);
      this.retry();
    }
  }

  private retry(): void {
    const lost = this.client;
    this.client = null;
    lost?.end().catch(() => undefined);
    if (this.closed || this.timer) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(this.attempt++, RECONNECT_DELAYS_MS.length - 1)]!;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.connect();
    }, delay);
    this.timer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.ready;
    await this.client?.end().catch(() => undefined);
    this.client = null;
  }
}
