/**
 * The order state machine (SPEC §4, DESIGN deviation 9): the statuses, what may happen to an
 * order, who causes it, and the one function that decides the next status. Services ask it before
 * every status write; the repository only writes what it decided, with a compare-and-set on the
 * status it decided from (decision 0008).
 */

/** SPEC §4: the five order statuses. */
export const orderStatuses = ['pending_payment', 'paid', 'in_progress', 'completed', 'failed'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** The status of a new order. */
export const initialOrderStatus: OrderStatus = 'pending_payment';

/** SPEC §4: statuses that mean the payment went through (the wizard moves to step 3; revenue counts them). */
export const paidStatuses: readonly OrderStatus[] = ['paid', 'in_progress', 'completed'];

/** The status in which a delivered robot file may be downloaded (SPEC §5). */
export const downloadableStatus: OrderStatus = 'completed';

/** A payment that has not gone through yet: it may be started, or started again after a failure. */
const unpaidStatuses: readonly OrderStatus[] = ['pending_payment', 'failed'];

/** The only statuses a payment workflow reports; anything else it sends is ignored. */
export const reportedPaymentStatuses = ['paid', 'failed'] as const satisfies readonly OrderStatus[];
export type ReportedPaymentStatus = (typeof reportedPaymentStatuses)[number];

export function isReportedPaymentStatus(status: OrderStatus): status is ReportedPaymentStatus {
  return (reportedPaymentStatuses as readonly OrderStatus[]).includes(status);
}

export type OrderActor = 'client' | 'workflow' | 'administrator';

/** What can happen to an order. */
export type OrderEvent =
  | { type: 'payment_started' }
  | { type: 'payment_reported'; status: ReportedPaymentStatus }
  | { type: 'admin_set'; status: OrderStatus }
  | { type: 'file_delivered' };

/**
 * One allowed transition: who causes it, the statuses it leaves from, and the status it leads to.
 * From any other status, `refusal` says why the event is refused; without one, the event is a
 * repeat or a stale report and changes nothing.
 */
export interface OrderTransitionRule {
  by: OrderActor;
  from: readonly OrderStatus[];
  to: OrderStatus;
  refusal: string | null;
}

export function orderTransitionRule(event: OrderEvent): OrderTransitionRule {
  switch (event.type) {
    case 'payment_started':
      // A failed payment may be retried on the same order; a paid one never asks again.
      return { by: 'client', from: unpaidStatuses, to: 'pending_payment', refusal: 'This order is already paid.' };
    case 'payment_reported':
      // Callbacks only move forward: pending -> paid | failed, failed -> paid.
      if (event.status === 'paid') return { by: 'workflow', from: unpaidStatuses, to: 'paid', refusal: null };
      return { by: 'workflow', from: ['pending_payment'], to: 'failed', refusal: null };
    case 'admin_set':
      return { by: 'administrator', from: orderStatuses, to: event.status, refusal: null };
    case 'file_delivered':
      return {
        by: 'administrator',
        from: paidStatuses,
        to: 'completed',
        refusal: 'A robot file can be delivered only for a paid order.',
      };
  }
}

export type Transition = { ok: true; next: OrderStatus; changed: boolean } | { ok: false; reason: string };

/** The status an order in `current` moves to when `actor` causes `event`, or why it may not. */
export function nextOrderStatus(current: OrderStatus, event: OrderEvent, actor: OrderActor): Transition {
  const rule = orderTransitionRule(event);
  if (actor !== rule.by) return { ok: false, reason: `Only the ${rule.by} may cause ${event.type}.` };
  if (!rule.from.includes(current))
    return rule.refusal === null ? { ok: true, next: current, changed: false } : { ok: false, reason: rule.refusal };
  return { ok: true, next: rule.to, changed: rule.to !== current };
}
