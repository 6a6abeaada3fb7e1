/**
 * The order state machine (SPEC §4, DESIGN deviations 9 and 12, decisions 0008 and 0014): the
 * statuses, what may happen to an order, who causes it, and the one function that decides the next
 * status. Services ask it before every status write; the repository only writes what it decided,
 * with a compare-and-set on the status it decided from.
 */

/** SPEC §4's five statuses: an administrator may set any of them by hand. */
export const manualOrderStatuses = ['pending_payment', 'paid', 'in_progress', 'completed', 'failed'] as const;

/**
 * Every status: SPEC's five, a payment that needs the owner's eye (`needs_review`, decision 0014),
 * and two ends: `refunded` (an administrator's resolution) and `cancelled` (an administrator's
 * resolution, or an unpaid order the client cancelled or the shop let expire, issue 17 §3).
 */
export const orderStatuses = [...manualOrderStatuses, 'needs_review', 'refunded', 'cancelled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** The status of a new order. */
export const initialOrderStatus: OrderStatus = 'pending_payment';

/**
 * SPEC §4: statuses that mean the payment went through (the wizard moves to step 3; revenue counts
 * them). An order under review or refunded is not one.
 */
export const paidStatuses: readonly OrderStatus[] = ['paid', 'in_progress', 'completed'];

/** The status in which a delivered robot file may be downloaded (SPEC §5); in any other, links die. */
export const downloadableStatus: OrderStatus = 'completed';

/**
 * The ends (decision 0014): their robot is not to be had. Nothing changes such an order any more,
 * except money reported after the client or the shop cancelled it unpaid (a late payment, issue 17 §3).
 */
export const closedOrderStatuses: readonly OrderStatus[] = ['refunded', 'cancelled'];

/**
 * A payment that has not gone through yet: it may be started, or started again after a failure;
 * the client may resume it or cancel the order (issue 17 §3).
 */
export const unpaidStatuses: readonly OrderStatus[] = ['pending_payment', 'failed'];

export function isUnpaidStatus(status: OrderStatus): boolean {
  return unpaidStatuses.includes(status);
}

/** The only statuses a payment workflow reports; anything else it sends is ignored. */
export const reportedPaymentStatuses = ['paid', 'failed'] as const satisfies readonly OrderStatus[];
export type ReportedPaymentStatus = (typeof reportedPaymentStatuses)[number];

export function isReportedPaymentStatus(status: OrderStatus): status is ReportedPaymentStatus {
  return (reportedPaymentStatuses as readonly OrderStatus[]).includes(status);
}

/** Who causes an event; `shop` is the shop itself, applying one of the owner's settings (a job). */
export const orderActors = ['client', 'workflow', 'administrator', 'shop'] as const;
export type OrderActor = (typeof orderActors)[number];

/** What can happen to an order. */
export type OrderEvent =
  | { type: 'payment_started' }
  | { type: 'payment_reported'; status: ReportedPaymentStatus }
  /** A payment short of the price, or otherwise needing the owner's eye (decision 0014). */
  | { type: 'payment_needs_review' }
  | { type: 'admin_set'; status: OrderStatus }
  | { type: 'file_delivered' }
  /** The administrator's resolutions (decision 0014). */
  | { type: 'marked_paid' }
  | { type: 'refunded' }
  | { type: 'cancelled' }
  /** The client cancels an order they have not paid (issue 17 §3). */
  | { type: 'client_cancelled' }
  /** The shop cancels an order left waiting for its payment longer than the owner's setting. */
  | { type: 'unpaid_expired' }
  /**
   * A signed-in client starts a robot's free trial (decision 0020): the new order, at price 0,
   * counts as paid at once, so that automatic delivery completes it with the current release.
   */
  | { type: 'trial_started' }
  /**
   * Money reported for an order the client or the shop cancelled unpaid: a late payment, paid (or
   * under review when short) all the same. An order the administrator cancelled stays cancelled.
   */
  | { type: 'payment_after_cancellation'; status: 'paid' | 'needs_review' }
  /**
   * The shop completes a paid order of a robot delivered automatically with the robot's current
   * release, in the transaction that made it paid (decision 0018).
   */
  | { type: 'release_delivered' };

/**
 * One allowed transition: who causes it, the statuses it leaves from, and the status it leads to.
 * From any other status, `refusal` says why the event is refused (`refusals` more precisely for
 * some statuses); without one, the event is a repeat or a stale report and changes nothing. An
 * order already in the status an event leads to is a repeat.
 */
export interface OrderTransitionRule {
  by: OrderActor;
  from: readonly OrderStatus[];
  to: OrderStatus;
  refusal: string | null;
  refusals?: Partial<Record<OrderStatus, string>>;
}

/** Why a client cannot pay an order under review or closed again. */
const closedToClient: Partial<Record<OrderStatus, string>> = {
  needs_review: 'The payment of this order is under review.',
  refunded: 'This order was refunded.',
  cancelled: 'This order was cancelled.',
};

/** Why an order in a status only a payment report or a resolution leaves cannot be set by hand. */
const closedRefusals: Partial<Record<OrderStatus, string>> = {
  needs_review: 'The payment of this order is under review: mark it paid, refund it or cancel it.',
  refunded: 'This order was refunded; it cannot change any more.',
  cancelled: 'This order was cancelled; it cannot change any more.',
};

export function orderTransitionRule(event: OrderEvent): OrderTransitionRule {
  switch (event.type) {
    case 'payment_started':
      // A failed payment may be retried on the same order; a paid one never asks again.
      return {
        by: 'client',
        from: unpaidStatuses,
        to: 'pending_payment',
        refusal: 'This order is already paid.',
        refusals: closedToClient,
      };
    case 'payment_reported':
      // Callbacks only move forward: pending -> paid | failed, failed -> paid, and money that
      // completes a payment under review pays it.
      if (event.status === 'paid')
        return { by: 'workflow', from: [...unpaidStatuses, 'needs_review'], to: 'paid', refusal: null };
      return { by: 'workflow', from: ['pending_payment'], to: 'failed', refusal: null };
    case 'payment_needs_review':
      return { by: 'workflow', from: unpaidStatuses, to: 'needs_review', refusal: null };
    case 'admin_set':
      // SPEC §4's five by hand; the others only through a payment report or a resolution, which
      // keep the note and the client's email that go with them.
      if (!(manualOrderStatuses as readonly OrderStatus[]).includes(event.status))
        return {
          by: 'administrator',
          from: [],
          to: event.status,
          refusal: `The status ${event.status} is not set by hand: a payment report or Mark paid, Refund or Cancel leads to it.`,
        };
      return {
        by: 'administrator',
        from: manualOrderStatuses,
        to: event.status,
        refusal: 'This order cannot be set by hand.',
        refusals: closedRefusals,
      };
    case 'file_delivered':
      return {
        by: 'administrator',
        from: paidStatuses,
        to: 'completed',
        refusal: 'A robot file can be delivered only for a paid order.',
      };
    case 'marked_paid':
      return {
        by: 'administrator',
        from: ['needs_review'],
        to: 'paid',
        refusal: 'Only an order whose payment is under review can be marked paid.',
      };
    case 'refunded':
      return {
        by: 'administrator',
        from: ['needs_review', ...paidStatuses],
        to: 'refunded',
        refusal: 'Only a paid order, or one whose payment is under review, can be refunded.',
      };
    case 'cancelled':
      return {
        by: 'administrator',
        from: ['needs_review'],
        to: 'cancelled',
        refusal: 'Only an order whose payment is under review can be cancelled.',
      };
    case 'client_cancelled':
      // Cancelling again is a repeat; once money arrived, the order is no longer the client's to cancel.
      return {
        by: 'client',
        from: unpaidStatuses,
        to: 'cancelled',
        refusal: 'This order is paid: it can no longer be cancelled.',
        refusals: {
          needs_review: 'The payment of this order is under review: it can no longer be cancelled.',
          refunded: 'This order was refunded.',
        },
      };
    case 'unpaid_expired':
      // Only an order still waiting: one paid, failed or cancelled meanwhile is left as it is.
      return { by: 'shop', from: ['pending_payment'], to: 'cancelled', refusal: null };
    case 'trial_started':
      // Only ever the first event of a new trial order, in the transaction that writes it.
      return { by: 'client', from: ['pending_payment'], to: 'paid', refusal: 'A trial starts only as a new order.' };
    case 'payment_after_cancellation':
      return { by: 'workflow', from: ['cancelled'], to: event.status, refusal: null };
    case 'release_delivered':
      return { by: 'shop', from: ['paid'], to: 'completed', refusal: null };
  }
}

export type Transition = { ok: true; next: OrderStatus; changed: boolean } | { ok: false; reason: string };

/** The status an order in `current` moves to when `actor` causes `event`, or why it may not. */
export function nextOrderStatus(current: OrderStatus, event: OrderEvent, actor: OrderActor): Transition {
  const rule = orderTransitionRule(event);
  if (actor !== rule.by) return { ok: false, reason: `Only the ${rule.by} may cause ${event.type}.` };
  if (rule.from.includes(current)) return { ok: true, next: rule.to, changed: rule.to !== current };
  if (current === rule.to || rule.refusal === null) return { ok: true, next: current, changed: false };
  return { ok: false, reason: rule.refusals?.[current] ?? rule.refusal };
}
