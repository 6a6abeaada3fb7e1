import type { FastifyBaseLogger } from 'fastify';
import type { Order } from '../../../shared/schemas/orders.js';
import { AppError } from '../../errors.js';
import { eventStreamOpened } from '../../metrics/metrics.js';
import type { OrderChanges } from '../../realtime/order-changes.js';
import { StreamSlots } from '../../realtime/stream-slots.js';
import { toOrder } from './order-views.js';
import type { OrdersRepository } from './orders.repository.js';

type Watcher = (order: Order) => void;

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
 * The open event streams of this instance, grouped by order: a change is read from the database
 * once and sent to every page waiting on that order, however many there are.
 */
export class OrderStreams {
  private readonly watchers = new Map<string, Set<Watcher>>();
  private readonly closers = new Set<() => void>();
  private readonly unsubscribe: () => void;
  private readonly slots = new StreamSlots((key) =>
    key.startsWith('user:') ? MAX_ORDER_STREAMS_PER_USER : MAX_ORDER_STREAMS_PER_ADDRESS,
  );

  constructor(
    private readonly orders: OrdersRepository,
    changes: OrderChanges,
    private readonly log: FastifyBaseLogger,
  ) {
    this.unsubscribe = changes.subscribe((orderId) => void this.changed(orderId));
  }

  private async changed(orderId: string): Promise<void> {
    const watchers = this.watchers.get(orderId);
    if (!watchers) return;
    try {
      const row = await this.orders.findById(orderId);
      if (!row) return;
      const [withVersions] = await this.orders.withVersions([row]);
      const order = toOrder(row, withVersions!.versions);
      for (const watcher of watchers) watcher(order);
    } catch (error) {
      this.log.warn({ err: error, orderId }, 'order change could not be read for its streams');
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
