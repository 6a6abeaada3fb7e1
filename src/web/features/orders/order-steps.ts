import { paidStatuses } from '../../../shared/order-states.js';
import type { Order } from '../../../shared/schemas/orders.js';

export type WizardStep = 1 | 2 | 3;

/** Which step an order shows (SPEC §4): a paid, in-progress or completed order is confirmed. */
export function stepOfOrder(order: Order | undefined): WizardStep {
  if (!order) return 1;
  return paidStatuses.includes(order.status) ? 3 : 2;
}
