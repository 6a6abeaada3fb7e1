import { CURRENCY } from '../../../shared/constants.js';
import { paidStatuses } from '../../../shared/order-states.js';
import type { Order } from '../../../shared/schemas/orders.js';
import { formatUsd } from '../../lib/format-number';

/** A reported amount: dollars the reader's way, any other currency with its code and all its decimals. */
export function formatReported(amount: number | null, currency: string | null, language: string): string | null {
  if (amount === null) return null;
  if ((currency ?? CURRENCY) === CURRENCY) return formatUsd(amount, language);
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: 18 }).format(amount)} ${currency}`;
}

/**
 * What the payment workflow reported, when it is worth showing beside the price: a known amount
 * that is not the price to the cent, or any amount in another currency (decision 0014).
 */
export function paidAmountBesidePrice(
  order: { price: number; amount_paid: number | null; paid_currency: string | null },
  language: string,
): string | null {
  if (order.amount_paid === null) return null;
  const sameCurrency = (order.paid_currency ?? CURRENCY) === CURRENCY;
  if (sameCurrency && Math.round(order.amount_paid * 100) === Math.round(order.price * 100)) return null;
  return formatReported(order.amount_paid, order.paid_currency, language);
}

/**
 * My Orders' total (issue 19 §5): the prices of the orders the shop counts as paid (paid, in
 * progress, completed: the same orders as the owner's revenue, decision 0014). Not free trials,
 * orders awaiting or under review of their payment, failed, cancelled or refunded ones. Summed in
 * cents, so that many prices add up without a floating-point tail.
 */
export function paidOrdersTotal(orders: readonly Pick<Order, 'price' | 'status' | 'trial'>[]): {
  total: number;
  count: number;
} {
  const counted = orders.filter((order) => !order.trial && paidStatuses.includes(order.status));
  const cents = counted.reduce((sum, order) => sum + Math.round(order.price * 100), 0);
  return { total: cents / 100, count: counted.length };
}
