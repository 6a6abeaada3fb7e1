import { isReportedPaymentStatus } from '../../../shared/order-states.js';
import {
  acceptedPaymentWords,
  paymentWordStatus,
  type PaymentCallback,
  type PaymentCallbackAnswer,
  type PaymentCallbackOutcome,
} from '../../../shared/schemas/orders.js';
import { AppError, NotFoundError } from '../../errors.js';
import { countPaymentCallback } from '../../metrics/metrics.js';
import type { OrderStatusChanger } from './order-status.js';
import type { OrdersRepository } from './orders.repository.js';

const MAX_STORED_PAYLOAD = 4000;

/**
 * Payment status reported by the payment workflow (DESIGN deviation 4 and 9). Callbacks only move
 * an order forward; repeats and stale reports answer 200 and change nothing; every callback is
 * kept with how it was signed and what it did, for the administrator.
 */
export class PaymentCallbacksService {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly status: OrderStatusChanger,
  ) {}

  async receive(callback: PaymentCallback, proof: string, rawBody: string): Promise<PaymentCallbackAnswer> {
    const order = await this.orders.findById(callback.order_id);
    if (!order) {
      countPaymentCallback('unknown_order');
      throw new NotFoundError('Order not found.');
    }
    const record = (outcome: PaymentCallbackOutcome, detail: string | null) =>
      this.orders.recordCallback({
        orderId: order.id,
        payload: rawBody.slice(0, MAX_STORED_PAYLOAD),
        signature: proof,
        statusWord: callback.status.slice(0, 50),
        outcome,
        detail,
      });

    const reported = paymentWordStatus(callback.status);
    if (reported === null) {
      const detail = `Unknown status "${callback.status}". Accepted: ${acceptedPaymentWords.join(', ')}.`;
      await record('refused', detail);
      countPaymentCallback('invalid');
      throw new AppError(422, 'unknown_status', detail, {
        'body.status': `Accepted: ${acceptedPaymentWords.join(', ')}`,
      });
    }
    if (!isReportedPaymentStatus(reported)) {
      await record('ignored', `A workflow does not set "${reported}": only paid or failed move an order.`);
      countPaymentCallback('ignored');
      return { order_id: order.id, status: order.status, outcome: 'ignored' };
    }
    // A failure reported for an earlier payment attempt must not fail the retry in progress;
    // money received for any attempt still counts.
    const paymentId = callback.payment_id ?? null;
    if (reported === 'failed' && paymentId && order.payment_id && paymentId !== order.payment_id) {
      await record('ignored', `Payment ${paymentId} is not the order's current payment (${order.payment_id}).`);
      countPaymentCallback('ignored');
      return { order_id: order.id, status: order.status, outcome: 'ignored' };
    }
    const change = await this.status.apply(order.id, { type: 'payment_reported', status: reported }, 'workflow');
    const outcome: PaymentCallbackOutcome = change.changed ? 'applied' : 'unchanged';
    await record(
      outcome,
      change.changed ? `${order.status} -> ${change.order.status}` : `Already ${change.order.status}.`,
    );
    countPaymentCallback(change.changed ? reported : 'unchanged');
    return { order_id: order.id, status: change.order.status, outcome };
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
