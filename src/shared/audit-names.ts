import type { OrderEvent } from './order-states.js';

/**
 * The names the activity log stores for what the server writes and the Activity page reads
 * (which puts them in words): the shop's own actors, and the actions of an order's changes.
 */

/** The actors that have no account: the payment workflow's callbacks, and the shop's own jobs. */
export const AUDIT_SYSTEM_ACTORS = { workflow: 'payment workflow', system: 'system' } as const;
export type AuditSystemActor = keyof typeof AUDIT_SYSTEM_ACTORS;

/**
 * The action logged for each order event. The resolutions keep the names the log used for them
 * before every status change was logged (decision 0014), so that filters still match.
 */
export const orderAuditActions = {
  payment_started: 'payment_started',
  payment_reported: 'payment_reported',
  payment_needs_review: 'payment_needs_review',
  payment_after_cancellation: 'payment_after_cancellation',
  admin_set: 'status_set',
  file_delivered: 'file_delivered',
  release_delivered: 'release_delivered',
  marked_paid: 'mark_paid',
  refunded: 'refund',
  cancelled: 'cancel',
  client_cancelled: 'client_cancelled',
  unpaid_expired: 'unpaid_expired',
  trial_started: 'trial_started',
} as const satisfies Record<OrderEvent['type'], string>;

/** Every action an order's line of the log can have: its events', and its deletion. */
export const ORDER_AUDIT_ACTIONS = [...new Set(Object.values(orderAuditActions)), 'delete'] as const;
export type OrderAuditAction = (typeof orderAuditActions)[keyof typeof orderAuditActions] | 'delete';

/** The fields an order's line of the log changes. */
export const ORDER_AUDIT_FIELDS = ['status', 'file', 'note'] as const;
