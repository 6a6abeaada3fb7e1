import type { OrderRow, StatusWriteColumns } from './orders.repository.js';

/**
 * Payment attempts of one order (issue 17 §2, decision 0014). A client may pay again after a
 * failure; the workflow may then still report on the earlier attempt. The order keeps the earlier
 * attempts' payment ids and counts its retries, so that only the current attempt can fail it.
 */

/** Earlier attempts remembered per order: more retries than this are not a client paying. */
const EARLIER_PAYMENT_IDS_KEPT = 50;

/** The payment ids of an order's earlier attempts (a JSON array in the row). */
export function earlierPaymentIds(order: Pick<OrderRow, 'earlier_payment_ids'>): string[] {
  try {
    const ids: unknown = JSON.parse(order.earlier_payment_ids);
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The columns of a payment started again: the last attempt's ids move aside, so that its late
 * reports are known as an earlier attempt's.
 */
export function restartColumns(order: OrderRow): StatusWriteColumns {
  const earlier = earlierPaymentIds(order);
  if (order.payment_id && !earlier.includes(order.payment_id)) earlier.push(order.payment_id);
  return {
    payment_id: null,
    pay_url: null,
    payment_retries: order.payment_retries + 1,
    earlier_payment_ids: JSON.stringify(earlier.slice(-EARLIER_PAYMENT_IDS_KEPT)),
  };
}

/**
 * Why a failure report is not about the order's current payment attempt, or null when it may be.
 * Only the current attempt may fail the order (issue 17 §2): a report naming another attempt's
 * payment is an earlier one's, and while a retry waits for its page the workflow cannot yet be
 * reporting the retry's failure, so any failure then is an earlier attempt's.
 */
export function earlierAttemptFailure(order: OrderRow, paymentId: string | null): string | null {
  if (paymentId && order.payment_id && paymentId !== order.payment_id)
    return `Payment ${paymentId} is not the order's current payment (${order.payment_id}).`;
  if (paymentId && !order.payment_id && earlierPaymentIds(order).includes(paymentId))
    return `Payment ${paymentId} belongs to an earlier attempt; the current attempt has no payment id.`;
  const retryWaitingForItsPage =
    order.status === 'pending_payment' && order.pay_url === null && order.payment_retries > 0;
  if (retryWaitingForItsPage)
    return `A retry is waiting for its payment page: this failure${paymentId ? ` (${paymentId})` : ''} is an earlier attempt's.`;
  return null;
}
