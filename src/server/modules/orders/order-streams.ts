import type { FastifyBaseLogger } from 'fastify';
import type { Order } from '../../../shared/schemas/orders.js';
import { AppError } from '../../errors.js';
import { eventStreamOpened } from '../../metrics/metrics.js';
import type { DialectName } from '../../db/dialect.js';
import type { OrderChanges } from '../../realtime/order-changes.js';
import { StreamSlots } from '../../realtime/stream-slots.js';
import { toOrder } from './order-views.js';
import { OrdersRepository } from './orders.repository.js';

/** One order as an event of its streams, written once for all of them. */
export interface OrderEvent {
  /** The SSE event id: a stream that last sent this id has nothing new to send. */
  id: string;
  /** The whole SSE message. */
  text: string;
}

type Watcher = (event: OrderEvent) => void;

/** The state of an order a stream last sent, as its SSE event id: a new version or download changes it. */
function eventId(order: Order): string {
  return `${order.updated_at}|${order.status}|${order.versions.map((version) => version.download_count).join(',')}`;
}

export function orderEvent(order: Order): OrderEvent {
  const id = eventId(order);
  return { id, text: `id: ${id}\nevent: order\ndata: ${JSON.stringify(order)}\n\n` };
}

/**
 * Open live order updates allowed at once, per signed-in user and per client address (issue 17:
 * one client opened 500). A client's pages open one while they wait on a payment, so a user
 * needs a few; an address gets more, since an office or a mobile network puts several users
 * behind one (TRUST_PROXY must be set behind a proxy, or every client shares its address).
 */
export const MAX_ORDER_STREAMS_PER_USER = 10;
export const MAX_ORDER_STREAMS_PER_ADDRESS = 20;
/** Seconds a refused client is told to wait: about the time a closed page takes to free its place. */
const STREAMS_RETRY_AFTER_SECONDS = 10;

export class TooManyStreamsError extends AppError {
  readonly retryAfterSeconds = STREAMS_RETRY_AFTER_SECONDS;
  constructor() {
    super(
      429,
      'rate_limited',
      'Too many live order updates are open at once: close another page of your orders and try again.',
    );
  }
}

/**
 * The open event streams of this instance, grouped by order: the orders changed in one task (a
 * chunk of notifications, a commit) are read from the database together (two queries, however
 * many orders and pages), each is serialised once, and written to every page waiting on it at once.
 */
export class OrderStreams {
  private readonly watchers = new Map<string, Set<Watcher>>();
  /** The orders changed in this task, read at its end. */
  private changedIds: Set<string> | null = null;
  private readonly orders: OrdersRepository;
  private readonly closers = new Set<() => void>();
  private readonly unsubscribe: () => void;
  private readonly slots = new StreamSlots((key) =>
    key.startsWith('user:') ? MAX_ORDER_STREAMS_PER_USER : MAX_ORDER_STREAMS_PER_ADDRESS,
  );

  constructor(
    changes: OrderChanges,
    dialect: DialectName,
    private readonly log: FastifyBaseLogger,
  ) {
    this.orders = new OrdersRepository(changes.reader, dialect);
    this.unsubscribe = changes.subscribe((orderId) => this.changed(orderId));
  }

  private changed(orderId: string): void {
    if (!this.watchers.has(orderId)) return;
    if (!this.changedIds) {
      this.changedIds = new Set();
      // At the end of this task, not of the event loop's turn: the changes heard together (one
      // chunk of notifications) are still read together, but a turn that runs many callbacks'
      // transactions no longer holds back the pages of those that committed first.
      queueMicrotask(() => void this.send());
    }
    this.changedIds.add(orderId);
  }

  private async send(): Promise<void> {
    const ids = [...this.changedIds!];
    this.changedIds = null;
    try {
      const rows = await this.orders.withVersions(await this.orders.findByIds(ids));
      for (const row of rows) {
        const watchers = this.watchers.get(row.id);
        if (!watchers) continue;
        const event = orderEvent(toOrder(row, row.versions));
        for (const watcher of watchers) watcher(event);
      }
    } catch (error) {
      this.log.warn({ err: error, orderIds: ids }, 'order changes could not be read for their streams');
    }
  }

  /**
   * Takes a place for a new stream of this user from this address, before anything is sent;
   * throws TooManyStreamsError (429) when either has all its streams open. The returned
   * function gives the place back: call it when the stream closes.
   */
  reserve(userId: string, address: string): () => void {
    const release = this.slots.take([`user:${userId}`, `address:${address}`]);
    if (!release) throw new TooManyStreamsError();
    return release;
  }

  /** `close` ends the stream when the server stops; returns the function that stops watching. */
  watch(orderId: string, watcher: Watcher, close: () => void): () => void {
    let set = this.watchers.get(orderId);
    if (!set) this.watchers.set(orderId, (set = new Set()));
    set.add(watcher);
    this.closers.add(close);
    const streamClosed = eventStreamOpened();
    return () => {
      streamClosed();
      set.delete(watcher);
      if (set.size === 0 && this.watchers.get(orderId) === set) this.watchers.delete(orderId);
      this.closers.delete(close);
    };
  }

  /** Ends every open stream, so that the server can stop. */
  closeAll(): void {
    this.unsubscribe();
    for (const close of [...this.closers]) close();
  }
}
