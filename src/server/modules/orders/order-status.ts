import type { FastifyBaseLogger } from 'fastify';
import { nextOrderStatus, type OrderActor, type OrderEvent } from '../../../shared/order-states.js';
import { ConflictError, NotFoundError } from '../../errors.js';
import type { OrderChanges } from '../../realtime/order-changes.js';
import type { OrderEmails } from './order-emails.js';
import type { OrderRow, OrdersRepository, StatusWriteColumns, TimelineEntry } from './orders.repository.js';

export type StatusChange = {
  /** The order as the change left it (or as it was, unchanged). */
  order: OrderRow;
  /** The order the change was decided on. */
  before: OrderRow;
  changed: boolean;
  /** Why `prepare` left the order as it was, if it did. */
  skipped: string | null;
};

/**
 * An event, or how to tell it from the order as read in the transaction that changes it (money
 * reported for a cancelled order depends on who cancelled it).
 */
export type EventOf = OrderEvent | ((current: OrderRow, orders: OrdersRepository) => Promise<OrderEvent>);

/** What goes with one status change, beside the status itself. */
export interface ApplyOptions {
  /** The administrator who acts, and the note for the order's timeline. */
  by?: TimelineEntry['by'];
  note?: string | null;
  /**
   * Looks at the order as read in the transaction that changes it: a reason to leave it as it is,
   * or the columns (and the timeline note) that go with the change.
   */
  prepare?: (current: OrderRow) => { skip: string } | { columns?: StatusWriteColumns; note?: string | null };
  /** Written in the same transaction as the change, or as the decision to change nothing. */
  alongside?: (orders: OrdersRepository, change: StatusChange) => Promise<void>;
}

/**
 * Applies an order event through the one transition function, with a compare-and-set on the
 * status so that a callback and an administrator acting at the same moment cannot both win on a
 * stale read. The change, its line in the order's timeline and what `alongside` writes (a
 * callback's record) are one transaction: a crash between them leaves none. Then it tells the
 * waiting pages and sends the emails that go with the new status.
 */
export class OrderStatusChanger {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly changes: OrderChanges,
    private readonly emails: OrderEmails,
    private readonly log: FastifyBaseLogger,
  ) {}

  async apply(orderId: string, event: EventOf, actor: OrderActor, options: ApplyOptions = {}): Promise<StatusChange> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const change = await this.orders.inTransaction((orders) => this.attempt(orders, orderId, event, actor, options));
      if (!change) continue;
      if (change.changed) this.afterChange(change.before, change.order);
      return change;
    }
    throw new ConflictError('The order is being changed by someone else; try again.');
  }

  /** One try: undefined when another writer changed the status between the read and the write. */
  private async attempt(
    orders: OrdersRepository,
    orderId: string,
    eventOf: EventOf,
    actor: OrderActor,
    options: ApplyOptions,
  ): Promise<StatusChange | undefined> {
    const current = await orders.findById(orderId);
    if (!current) throw new NotFoundError('Order not found.');
    const event = typeof eventOf === 'function' ? await eventOf(current, orders) : eventOf;
    const transition = nextOrderStatus(current.status, event, actor);
    if (!transition.ok) throw new ConflictError(transition.reason);
    const prepared = transition.changed ? options.prepare?.(current) : undefined;
    if (!transition.changed || (prepared && 'skip' in prepared)) {
      const skipped = prepared && 'skip' in prepared ? prepared.skip : null;
      const change: StatusChange = { order: current, before: current, changed: false, skipped };
      await options.alongside?.(orders, change);
      return change;
    }
    const updated = await orders.compareAndSetStatus(
      orderId,
      current.status,
      transition.next,
      { actor, by: options.by ?? null, event: event.type, note: prepared?.note ?? options.note ?? null },
      prepared?.columns,
    );
    if (!updated) return undefined;
    const change: StatusChange = { order: updated, before: current, changed: true, skipped: null };
    await options.alongside?.(orders, change);
    return change;
  }

  /** Announces a change made by another repository call (payment restart, file delivery). */
  afterChange(before: OrderRow, after: OrderRow): void {
    this.announce(after.id);
    if (before.status !== after.status && after.status === 'paid') {
      this.emails.toClient('paid', after);
      this.emails.toAdministrators(after);
    }
  }

  announce(orderId: string): void {
    this.changes
      .publish(orderId)
      .catch((error: unknown) => this.log.error({ err: error, orderId }, 'order change could not be published'));
  }
}
