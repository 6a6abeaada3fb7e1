import { paidStatuses, type Order } from '../../../shared/schemas/orders.js';

export type WizardStep = 1 | 2 | 3;

/** Which step an order shows (SPEC §4): a paid, in-progress or completed order is confirmed. */
export function stepOfOrder(order: Order | undefined): WizardStep {
  if (!order) return 1;
  return paidStatuses.includes(order.status) ? 3 : 2;
}

/** The short order number shown to clients (SPEC §9: the first 8 characters). */
export function shortOrderNumber(orderId: string): string {
  return orderId.slice(0, 8);
}
