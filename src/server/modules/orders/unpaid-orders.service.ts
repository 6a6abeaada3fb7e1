import type { Order } from '../../../shared/schemas/orders.js';
import type { CurrentUser } from '../../auth/access.js';
import type { OrderEmails } from './order-emails.js';
import type { OrderStatusChanger } from './order-status.js';
import type { OrderRow, OrdersRepository } from './orders.repository.js';

const DAY_MS = 86_400_000;
/** Orders cancelled per query; a run goes on batch after batch until none is left. */
const EXPIRY_BATCH = 100;

export interface UnpaidOrdersServiceDeps {
  orders: OrdersRepository;
  status: OrderStatusChanger;
  emails: Pick<OrderEmails, 'toClient'>;
  /** The client's own order, or the 404 of a missing one (OrdersService.getOwnRow). */
  ownOrder: (user: CurrentUser, id: string) => Promise<OrderRow>;
  /** The order as its owner sees it (OrdersService.view). */
  view: (row: OrderRow) => Promise<Order>;
  /** Days an order may wait for its payment (setting unpaid_order_expiry_days), read at each run. */
  expiryDays: () => Promise<number>;
  now?: () => number;
}

/**
 * The client's side of an unpaid order (issue 17 §3): the client cancels one, and the shop cancels
 * those left waiting for their payment longer than the owner's setting, telling the client. Both
 * go through the one state machine with a compare-and-set, so a payment reported at the same
 * moment and a cancellation never both win; money reported after either is a late payment
 * (payment-callbacks.service.ts).
 */
export class UnpaidOrdersService {
  constructor(private readonly deps: UnpaidOrdersServiceDeps) {}

  /**
   * Cancels the client's unpaid order (waiting for its payment, or failed). Cancelling it again
   * changes nothing; a paid, reviewed or refunded order is refused with 409 and the reason.
   */
  async cancel(user: CurrentUser, id: string): Promise<Order> {
    await this.deps.ownOrder(user, id);
    const change = await this.deps.status.apply(id, { type: 'client_cancelled' }, 'client');
    return this.deps.view(change.order);
  }

  /**
   * Cancels every order that has waited for its payment longer than the setting, counted from its
   * creation or from the last payment page the client asked for, and emails each client once, in
   * the language they ordered in (through the email outbox, in the transaction of each
   * cancellation). Answers how many it cancelled.
   */
  async expireUnpaid(): Promise<number> {
    const now = this.deps.now?.() ?? Date.now();
    const before = new Date(now - (await this.deps.expiryDays()) * DAY_MS).toISOString();
    let cancelled = 0;
    for (;;) {
      const batch = await this.deps.orders.waitingForPaymentSince(before, EXPIRY_BATCH);
      let changed = 0;
      for (const order of batch) {
        const change = await this.deps.status.apply(order.id, { type: 'unpaid_expired' }, 'shop', {
          // The client may have asked for a payment page since the order was listed.
          prepare: (current) =>
            current.updated_at >= before ? { skip: 'The client is paying it again.' } : { columns: {} },
          // The client's email is written to the outbox with the cancellation (decision 0015):
          // it exists exactly when the cancellation committed, and is sent once it has.
          alongside: async (orders, result) => {
            if (result.changed) await this.deps.emails.toClient('cancelled', result.order, orders);
          },
        });
        if (change.changed) changed += 1;
      }
      cancelled += changed;
      // A short batch was the last; a batch that changed nothing would only come back the same.
      if (batch.length < EXPIRY_BATCH || changed === 0) return cancelled;
    }
  }
}
