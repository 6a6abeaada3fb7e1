import { CURRENCY } from '../../../shared/constants.js';
import { isReportedPaymentStatus, type OrderEvent, type OrderStatus } from '../../../shared/order-states.js';
import {
  acceptedPaymentWords,
  overpaidPaymentWords,
  paymentWordStatus,
  type PaymentCallback,
  type PaymentCallbackAnswer,
  type PaymentCallbackOutcome,
  type PaymentFlag,
} from '../../../shared/schemas/orders.js';
import { AppError, NotFoundError } from '../../errors.js';
import { countPaymentCallback } from '../../metrics/metrics.js';
import type { OrderStatusChanger, StatusChange } from './order-status.js';
import type { OrderRow, OrdersRepository } from './orders.repository.js';
import { earlierAttemptFailure } from './payment-attempts.js';

const MAX_STORED_PAYLOAD = 4000;

/** What the payment workflow's report says about the money, read against the order's price. */
interface Report {
  event: OrderEvent;
  amount: number | null;
  currency: string | null;
  /** Flags that hold whatever the order's status: underpaid, overpaid, other currency. */
  flags: PaymentFlag[];
}

const cents = (amount: number) => Math.round(amount * 100);

/** Whether a reported word can move an order: paid, failed, or a payment to review (`read` gives it a report). */
function movesAnOrder(reported: OrderStatus): boolean {
  return reported === 'needs_review' || isReportedPaymentStatus(reported);
}

type CallbackEntry = Parameters<OrdersRepository['recordCallback']>[0];

/**
 * Payment status reported by the payment workflow (DESIGN deviations 4, 9 and 12, decisions 0008
 * and 0014). Callbacks only move an order forward; a paid report short of the price waits for the
 * owner's review; repeats and stale reports answer 200 and change nothing; every callback is kept
 * with how it was signed and what it did, in the same transaction as the change it made.
 */
export class PaymentCallbacksService {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly status: OrderStatusChanger,
    /** The payment tolerance in USD (setting payment_tolerance_usd), read at each callback. */
    private readonly toleranceUsd: () => Promise<number>,
  ) {}

  async receive(callback: PaymentCallback, proof: string, rawBody: string): Promise<PaymentCallbackAnswer> {
    const entry = (orderId: string, outcome: PaymentCallbackOutcome, detail: string | null) => ({
      orderId,
      payload: rawBody.slice(0, MAX_STORED_PAYLOAD),
      signature: proof,
      statusWord: callback.status.slice(0, 50),
      outcome,
      detail,
    });
    const reported = paymentWordStatus(callback.status);
    if (reported === null || !movesAnOrder(reported)) return this.receiveStill(callback, reported, entry);

    // A report that may move the order is read against the order inside the transaction that
    // changes it: no read before it (issue 21 §6, a round trip per callback).
    const tolerance = await this.toleranceUsd();
    const reportOn = (order: OrderRow) => this.read(callback, reported, order, tolerance)!;
    const paymentId = callback.payment_id ?? null;
    let change: StatusChange;
    try {
      change = await this.status.apply(
        callback.order_id,
        (current, orders) => this.eventFor(reportOn(current), current, orders),
        'workflow',
        {
          prepare: (current) => {
            const report = reportOn(current);
            if (report.event.type === 'payment_reported' && report.event.status === 'failed') {
              const earlier = earlierAttemptFailure(current, paymentId);
              return earlier ? { skip: earlier } : {};
            }
            // Money arriving for an order that had failed, or that was cancelled unpaid, is a late
            // payment: paid all the same (or reviewed when short), and flagged for the owner.
            const late = current.status === 'failed' || current.status === 'cancelled';
            const flags = late ? [...report.flags, 'late' as const] : report.flags;
            return {
              columns: {
                amount_paid: report.amount,
                paid_currency: report.amount === null ? null : report.currency,
                payment_flags: JSON.stringify(flags),
              },
            };
          },
          alongside: (orders, result) => orders.recordCallback(entry(result.order.id, ...this.outcomeOf(result))),
        },
      );
    } catch (error) {
      if (error instanceof NotFoundError) countPaymentCallback('unknown_order');
      throw error;
    }
    countPaymentCallback(change.changed ? change.order.status : change.skipped ? 'ignored' : 'unchanged');
    return { order_id: change.order.id, status: change.order.status, outcome: this.outcomeOf(change)[0] };
  }

  /** A report that cannot move an order (an unknown word, or one a workflow does not set): kept, and answered. */
  private async receiveStill(
    callback: PaymentCallback,
    reported: OrderStatus | null,
    entry: (orderId: string, outcome: PaymentCallbackOutcome, detail: string | null) => CallbackEntry,
  ): Promise<PaymentCallbackAnswer> {
    const order = await this.orders.findById(callback.order_id);
    if (!order) {
      countPaymentCallback('unknown_order');
      throw new NotFoundError('Order not found.');
    }
    if (reported === null) {
      const detail = `Unknown status "${callback.status}". Accepted: ${acceptedPaymentWords.join(', ')}.`;
      await this.orders.recordCallback(entry(order.id, 'refused', detail));
      countPaymentCallback('invalid');
      throw new AppError(422, 'unknown_status', detail, {
        'body.status': `Accepted: ${acceptedPaymentWords.join(', ')}`,
      });
    }
    await this.orders.recordCallback(
      entry(
        order.id,
        'ignored',
        `A workflow does not set "${reported}": only paid, failed or a payment to review move an order.`,
      ),
    );
    countPaymentCallback('ignored');
    return { order_id: order.id, status: order.status, outcome: 'ignored' };
  }

  /**
   * The event a report is for the order as it is now. Money reported for an order its client
   * cancelled, or the shop cancelled for want of payment, is a late payment (issue 17 §3); an
   * order an administrator cancelled stays so (decision 0014).
   */
  private async eventFor(report: Report, current: OrderRow, orders: OrdersRepository): Promise<OrderEvent> {
    const money =
      report.event.type === 'payment_needs_review'
        ? 'needs_review'
        : report.event.type === 'payment_reported' && report.event.status === 'paid'
          ? 'paid'
          : null;
    if (current.status !== 'cancelled' || money === null || !(await orders.wasCancelledUnpaid(current.id)))
      return report.event;
    return { type: 'payment_after_cancellation', status: money };
  }

  private outcomeOf(change: StatusChange): [PaymentCallbackOutcome, string] {
    if (change.skipped) return ['ignored', change.skipped];
    if (change.changed) return ['applied', `${change.before.status} -> ${change.order.status}`];
    return ['unchanged', `Already ${change.order.status}.`];
  }

  /**
   * The event a report means. A paid report whose amount is below the expected amount minus the
   * tolerance, or in a currency that cannot be compared with the price, or whose word says the
   * payment was short, needs the owner's review; above the amount plus the tolerance it is paid and
   * flagged. Null for a status a workflow does not set.
   */
  private read(callback: PaymentCallback, reported: OrderStatus, order: OrderRow, tolerance: number): Report | null {
    const amount = callback.amount_paid ?? null;
    const currency = amount === null ? null : (callback.currency ?? CURRENCY);
    if (reported === 'needs_review')
      return { event: { type: 'payment_needs_review' }, amount, currency, flags: ['underpaid'] };
    if (!movesAnOrder(reported)) return null;
    if (reported === 'failed')
      return { event: { type: 'payment_reported', status: 'failed' }, amount, currency, flags: [] };
    const paid: OrderEvent = { type: 'payment_reported', status: 'paid' };
    const overpaidWord = overpaidPaymentWords.includes(callback.status.toLowerCase());
    if (amount === null) return { event: paid, amount, currency, flags: overpaidWord ? ['overpaid'] : [] };
    if (currency !== CURRENCY)
      return { event: { type: 'payment_needs_review' }, amount, currency, flags: ['other_currency'] };
    const expected = cents(order.expected_amount ?? order.price);
    if (cents(amount) < expected - cents(tolerance))
      return { event: { type: 'payment_needs_review' }, amount, currency, flags: ['underpaid'] };
    const over = overpaidWord || cents(amount) > expected + cents(tolerance);
    return { event: paid, amount, currency, flags: over ? ['overpaid'] : [] };
  }

  /** A callback refused for its credentials is kept too when it names an existing order. */
  async recordRefused(rawBody: string, reason: string): Promise<void> {
    countPaymentCallback('refused');
    let orderId: unknown;
    let statusWord: unknown;
    try {
      ({ order_id: orderId, status: statusWord } = JSON.parse(rawBody) as { order_id?: unknown; status?: unknown });
    } catch {
      return;
    }
    if (typeof orderId !== 'string' || orderId.length > 100) return;
    const order = await this.orders.findById(orderId);
    if (!order) return;
    await this.orders.recordCallback({
      orderId,
      payload: rawBody.slice(0, MAX_STORED_PAYLOAD),
      signature: 'refused',
      statusWord: typeof statusWord === 'string' ? statusWord.slice(0, 50) : null,
      outcome: 'refused',
      detail: reason,
    });
  }
}
