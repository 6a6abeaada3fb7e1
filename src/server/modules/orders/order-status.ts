import type { FastifyBaseLogger } from 'fastify';
import { nextOrderStatus, type OrderActor, type OrderEvent, type OrderStatus } from '../../../shared/order-states.js';
import { ConflictError, NotFoundError } from '../../errors.js';
import type { OrderChanges } from '../../realtime/order-changes.js';
import type { OrderEmails } from './order-emails.js';
import type { OrderRow, OrdersRepository, StatusWriteColumns } from './orders.repository.js';

export type StatusChange = { order: OrderRow; changed: boolean };

/** More writes that belong to a status change, made in its transaction with the order written. */
export type AlsoInTransaction = (orders: OrdersRepository, after: OrderRow) => Promise<void>;

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
 * stale read. The emails that go with the new status are written in the same transaction (the
 * email outbox, decision 0015); once it commits, the waiting pages are told and the emails leave.
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
      const updated = await this.write(current, transition.next);
      if (updated) return { order: updated, changed: true };
    }
    throw new ConflictError('The order is being changed by someone else; try again.');
  }

  /**
   * Writes `to`, a status nextOrderStatus decided from `before`, with the columns that go with
   * it, only if the order is still in `before.status`; in the same transaction, the emails of the
   * change and whatever `also` writes. Undefined, with nothing written, when the order changed
   * meanwhile.
   */
  async write(
    before: OrderRow,
    to: OrderStatus,
    columns: StatusWriteColumns = {},
    also?: AlsoInTransaction,
  ): Promise<OrderRow | undefined> {
    const after = await this.orders.transaction(async (orders) => {
      const updated = await orders.compareAndSetStatus(before.id, before.status, to, columns);
      if (!updated) return undefined;
      if (before.status !== updated.status && updated.status === 'paid') {
        await this.emails.toClient('paid', updated, orders);
        await this.emails.toAdministrators(updated, orders);
      }
      await also?.(orders, updated);
      return updated;
    });
    if (after) {
      this.announce(after.id);
      this.emails.sendSoon();
      // After the commit: issuing is idempotent, and a repeated report heals a failure here.
      await this.licences.followOrderStatus(after);
    }
    return after;
  }

  announce(orderId: string): void {
    this.changes
      .publish(orderId)
      .catch((error: unknown) => this.log.error({ err: error, orderId }, 'order change could not be published'));
  }
}
