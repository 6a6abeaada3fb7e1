import type { OrderEvent } from './order-states.js';
import type { MoveDirection } from './schemas/catalogue.js';

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

/**
 * The kinds of record the log names (its `resource` column), by the key the catalogues name them
 * with (backOffice.activity.entities and .resources). The stored values never change: older rows
 * and the filters match them.
 */
export const AUDIT_ENTITIES = {
  robot: 'robot',
  category: 'category',
  banner: 'banner',
  faq: 'faq',
  page: 'page',
  settings: 'settings',
  user: 'user',
  image: 'image',
  order: 'order',
  licence: 'licence',
  licenceSigningKey: 'licence signing key',
  newsletter: 'newsletter',
  newsletterTemplate: 'newsletter_template',
  newsletterSubscriber: 'newsletter_subscriber',
} as const;
export type AuditEntityKey = keyof typeof AUDIT_ENTITIES;
export type AuditEntity = (typeof AUDIT_ENTITIES)[AuditEntityKey];

/**
 * The actions of every record but an order's (whose are orderAuditActions), by the key the
 * catalogues name them with (backOffice.activity.actions). Stored as they always were.
 */
export const AUDIT_ACTIONS = {
  create: 'create',
  update: 'update',
  delete: 'delete',
  moveUp: 'move up',
  moveDown: 'move down',
  release: 'release',
  deleteRelease: 'delete release',
  deleteCashFlow: 'delete cash flow',
  deleteTrade: 'delete trade',
  upload: 'upload',
  send: 'send',
  rotateEaSecret: 'rotate EA secret',
  rotateSigningKey: 'rotate signing key',
  revoke: 'revoke',
  reinstate: 'reinstate',
  extend: 'extend',
  resetSlots: 'reset slots',
} as const;
export type AuditActionKey = keyof typeof AUDIT_ACTIONS;
export type AuditAction = (typeof AUDIT_ACTIONS)[AuditActionKey];

/** The action of an up/down move (SPEC §4) in an ordered list. */
export const auditMoveActions = {
  up: AUDIT_ACTIONS.moveUp,
  down: AUDIT_ACTIONS.moveDown,
} as const satisfies Record<MoveDirection, AuditAction>;

/** The catalogue key of a stored name, or undefined for a name the shop no longer writes. */
export function auditNameKey<Key extends string>(names: Record<Key, string>, stored: string): Key | undefined {
  return (Object.keys(names) as Key[]).find((key) => names[key] === stored);
}

/** What the log stores for a secret's value (a token, a password): only that it changed. */
export const AUDIT_HIDDEN_VALUE = '(hidden)';
