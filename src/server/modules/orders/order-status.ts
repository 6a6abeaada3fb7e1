import type { FastifyBaseLogger } from 'fastify';
import { nextOrderStatus, type OrderActor, type OrderEvent } from '../../../shared/order-states.js';
import { ConflictError, NotFoundError } from '../../errors.js';
import type { OrderChanges } from '../../realtime/order-changes.js';
import type { OrderEmails } from './order-emails.js';
import type { OrderRow, OrdersRepository } from './orders.repository.js';

export type StatusChange = { order: OrderRow; changed: boolean };

/**
 * What follows an order's status beyond the order itself: its licence (modules/licences), issued
 * once the order is paid and revoked once it is refunded or cancelled. Idempotent.
 */
export interface OrderLicences {
  followOrderStatus(order: Pick<OrderRow, 'id' | 'status'>): Promise<void>;
}

/**
 * Applies an order event through the one transition function, with a compare-and-set on the
 * status so that a callback and an administrator acting at the same moment cannot both win on a
 * stale read; then tells the waiting pages and sends the emails that go with the new status.
 */
export class OrderStatusChanger {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly changes: OrderChanges,
    private readonly emails: OrderEmails,
    private readonly log: FastifyBaseLogger,
    private readonly licences: OrderLicences,
  ) {}

  async apply(orderId: string, event: OrderEvent, actor: OrderActor): Promise<StatusChange> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const current = await this.orders.findById(orderId);
      if (!current) throw new NotFoundError('Order not found.');
      const transition = nextOrderStatus(current.status, event, actor);
      if (!transition.ok) throw new ConflictError(transition.reason);
      if (!transition.changed) {
        // A repeat heals a licence that could not be issued when the status first changed.
        await this.licences.followOrderStatus(current);
        return { order: current, changed: false };
      }
      const updated = await this.orders.compareAndSetStatus(orderId, current.status, transition.next);
      if (updated) {
        try {
          await this.licences.followOrderStatus(updated);
        } finally {
          this.afterChange(current, updated);
        }
        return { order: updated, changed: true };
      }
    }
    throw new ConflictError('The order is being changed by someone else; try again.');
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
