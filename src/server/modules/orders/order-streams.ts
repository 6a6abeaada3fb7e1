import type { FastifyBaseLogger } from 'fastify';
import type { Order } from '../../../shared/schemas/orders.js';
import { eventStreamOpened } from '../../metrics/metrics.js';
import type { OrderChanges } from '../../realtime/order-changes.js';
import { toOrder } from './order-views.js';
import type { OrdersRepository } from './orders.repository.js';

type Watcher = (order: Order) => void;

/**
 * The open event streams of this instance, grouped by order: a change is read from the database
 * once and sent to every page waiting on that order, however many there are.
 */
export class OrderStreams {
  private readonly watchers = new Map<string, Set<Watcher>>();
  private readonly closers = new Set<() => void>();
  private readonly unsubscribe: () => void;

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
      const order = toOrder(row);
      for (const watcher of watchers) watcher(order);
    } catch (error) {
      this.log.warn({ err: error, orderId }, 'order change could not be read for its streams');
    }
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
