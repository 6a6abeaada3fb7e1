import { z } from 'zod';
import { MAX_DOWNLOADS_PER_ORDER, STRATEGY_MAX_LENGTH, STRATEGY_MIN_LENGTH } from '../constants.js';
import { manualOrderStatuses, orderActors, orderStatuses, type OrderEvent, type OrderStatus } from '../order-states.js';

export const orderStatusSchema = z.enum(orderStatuses, {
  message: `Status must be one of: ${orderStatuses.join(', ')}.`,
});

/** Messages of SPEC §5 for step 1, keyed by the catalogue key the order form shows them with. */
export const orderFieldMessages = {
  telegramRequired: 'Telegram username is required',
  telegramAt: 'Username must start with @',
  strategyRequired: 'Strategy instructions are required',
  strategyMin: 'Minimum 50 characters required',
  strategyMax: 'Maximum 1000 characters allowed',
  termsRequired: 'You must accept the Terms and the Risk disclosure',
} as const;
export type OrderFieldMessageKey = keyof typeof orderFieldMessages;

/** The catalogue key of one of the messages above (for the form), or undefined. */
export function orderFieldMessageKey(message: string): OrderFieldMessageKey | undefined {
  return (Object.keys(orderFieldMessages) as OrderFieldMessageKey[]).find((key) => orderFieldMessages[key] === message);
}

const m = orderFieldMessages;

export const telegramUsernameSchema = z
  .string({ message: m.telegramRequired })
  .trim()
  .min(1, m.telegramRequired)
  .max(64, 'A Telegram username has at most 64 characters.')
  .refine((value) => value.startsWith('@'), m.telegramAt);

export const strategyInstructionsSchema = z
  .string({ message: m.strategyRequired })
  .trim()
  .min(1, m.strategyRequired)
  .min(STRATEGY_MIN_LENGTH, m.strategyMin)
  .max(STRATEGY_MAX_LENGTH, m.strategyMax);

/** POST /api/orders, and the order form's step 1. */
export const createOrderSchema = z.object({
  robot_id: z.string().trim().min(1, 'robot_id is required.').max(100),
  telegram_username: telegramUsernameSchema,
  strategy_instructions: strategyInstructionsSchema,
  terms_accepted: z.literal(true, { message: m.termsRequired }),
});
export type CreateOrderInput = z.infer<typeof createOrderSchema>;

/**
 * One file an order holds (decision 0018): its first delivery, or a later version (a new release
 * of the robot, or a new file the owner uploaded for this order). Each has its own downloads.
 */
export const orderVersionSchema = z.object({
  id: z.string(),
  /** The release's version (2.1.0), or 1, 2, 3… for files uploaded for this order. */
  label: z.string(),
  /** Whether it is one of the robot's releases rather than a build made for this order. */
  from_release: z.boolean(),
  /** Sanitised rich text: the release notes; empty for a build made for this order. */
  notes: z.string(),
  file_name: z.string(),
  created_at: z.string(),
  download_count: z.number().int(),
  downloads_remaining: z.number().int(),
});
export type OrderVersion = z.infer<typeof orderVersionSchema>;

/** An order as its owner sees it. The storage key of the file never leaves the server. */
export const orderSchema = z.object({
  id: z.string(),
  robot_id: z.string().nullable(),
  robot_name: z.string(),
  telegram_username: z.string(),
  strategy_instructions: z.string(),
  price: z.number(),
  /** A free trial (decision 0020): no payment, a licence for demo accounts until `trial_ends_at`. */
  trial: z.boolean(),
  trial_ends_at: z.string().nullable(),
  status: orderStatusSchema,
  estimated_delivery: z.string(),
  created_date: z.string(),
  updated_at: z.string(),
  terms_accepted_at: z.string().nullable(),
  payment_id: z.string().nullable(),
  pay_url: z.string().nullable(),
  // The current (newest) version's file and downloads; `versions` has every one.
  has_file: z.boolean(),
  file_name: z.string().nullable(),
  download_count: z.number().int(),
  downloads_remaining: z.number().int(),
  /** Every version the order holds, newest (current) first. */
  versions: z.array(orderVersionSchema),
});
export type Order = z.infer<typeof orderSchema>;

/** SPEC §8 payment messages, sent by the server and recognised by the order page to translate them. */
export const paymentMessages = {
  notConfigured: 'Payment system not configured. Please contact the administrator.',
  payUrlMissing: 'Invalid response from payment system: PayUrl missing.',
} as const;

export const paymentStartSchema = z.object({
  pay_url: z.string(),
  order_id: z.string(),
  payment_id: z.string().nullable(),
});
export type PaymentStart = z.infer<typeof paymentStartSchema>;

export const downloadLinkSchema = z.object({
  url: z.string(),
  expires_at: z.string(),
  remaining: z.number().int().min(0).max(MAX_DOWNLOADS_PER_ORDER),
});
export type DownloadLink = z.infer<typeof downloadLinkSchema>;

/**
 * Words a payment workflow may report, beside SPEC's five statuses (docs/automation-api.md maps the
 * processors' own words to these). A paid report may still need review: its `amount_paid` decides.
 */
export const workflowPaymentWords = {
  confirmed: 'paid',
  settled: 'paid',
  expired: 'failed',
  invalid: 'failed',
  // Decision 0014: money arrived, but short of the price or otherwise needing the owner's eye.
  underpaid: 'needs_review',
  partially_paid: 'needs_review',
  needs_review: 'needs_review',
  // Paid, and more than the price: flagged for the owner.
  overpaid: 'paid',
} as const satisfies Record<string, OrderStatus>;
export const acceptedPaymentWords = [...manualOrderStatuses, ...Object.keys(workflowPaymentWords)] as readonly string[];

/** Words that say the client paid more than the price, even without an amount. */
export const overpaidPaymentWords: readonly string[] = ['overpaid'];

/** A reported amount: a number or a plain decimal string (n8n often sends strings), never negative. */
const AMOUNT_TEXT = /^\d{1,12}(\.\d{1,18})?$/;
const reportedAmountSchema = z
  .union([z.number().min(0).max(1e12), z.string().trim().regex(AMOUNT_TEXT)], {
    error: 'Must be a non-negative number, such as 49.5 or "49.50".',
  })
  .transform(Number);

/** POST /api/hooks/payment. The status word is checked by the service (422 names the accepted ones). */
export const paymentCallbackSchema = z.object({
  order_id: z.string().trim().min(1).max(100),
  status: z.string().trim().min(1).max(50),
  payment_id: z.string().trim().max(200).nullish(),
  /** What the client paid, in `currency` (the order's, USD, when absent). */
  amount_paid: reportedAmountSchema.nullish(),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9]{1,9}$/, 'Must be a currency code, such as USD.')
    .transform((code) => code.toUpperCase())
    .nullish(),
});
export type PaymentCallback = z.infer<typeof paymentCallbackSchema>;

/** The status a workflow word means, or null for a word we do not know. */
export function paymentWordStatus(word: string): OrderStatus | null {
  const lower = word.toLowerCase();
  if ((manualOrderStatuses as readonly string[]).includes(lower)) return lower as OrderStatus;
  return (workflowPaymentWords as Record<string, OrderStatus>)[lower] ?? null;
}

export const paymentCallbackOutcomes = ['applied', 'unchanged', 'ignored', 'refused'] as const;
export type PaymentCallbackOutcome = (typeof paymentCallbackOutcomes)[number];

/** What POST /api/hooks/payment answers: the order's status after the callback, and what the callback did. */
export const paymentCallbackAnswerSchema = z.object({
  order_id: z.string(),
  status: orderStatusSchema,
  outcome: z.enum(paymentCallbackOutcomes),
});
export type PaymentCallbackAnswer = z.infer<typeof paymentCallbackAnswerSchema>;

// ---- Administration ----

export const ADMIN_ORDERS_PAGE_SIZE = 25;

export const adminOrdersQuerySchema = z.object({
  status: orderStatusSchema.optional(),
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type AdminOrdersQuery = z.input<typeof adminOrdersQuerySchema>;

/**
 * What the owner is told about a payment (decision 0014): less than the price (the order waits
 * for review), more than it, paid after the order had failed, or in a currency other than the
 * order's, which cannot be compared.
 */
export const paymentFlags = ['underpaid', 'overpaid', 'late', 'other_currency'] as const;
export type PaymentFlag = (typeof paymentFlags)[number];

export const adminOrderSchema = orderSchema.extend({
  user_id: z.string().nullable(),
  client_email: z.string().nullable(),
  client_name: z.string().nullable(),
  language: z.string().nullable(),
  /** The price the payment was asked for. */
  expected_amount: z.number(),
  /** What the payment workflow reported, when it said. */
  amount_paid: z.number().nullable(),
  paid_currency: z.string().nullable(),
  payment_flags: z.array(z.enum(paymentFlags)),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

export const adminOrdersPageSchema = z.object({
  items: z.array(adminOrderSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type AdminOrdersPage = z.infer<typeof adminOrdersPageSchema>;

export const paymentCallbackRecordSchema = z.object({
  id: z.string(),
  received_at: z.string(),
  payload: z.string(),
  signature: z.string(),
  status_word: z.string().nullable(),
  outcome: z.string(),
  detail: z.string().nullable(),
});

/** One issued link (one download): when it was asked for, first fetched, and fully sent. */
export const downloadRecordSchema = z.object({
  id: z.string(),
  /** The version it downloads (`versions[].id`). */
  version_id: z.string().nullable(),
  downloaded_at: z.string(),
  ip_address: z.string().nullable(),
  user_agent: z.string().nullable(),
  first_fetched_at: z.string().nullable(),
  completed_at: z.string().nullable(),
});

/**
 * What a fetch of a download link did (decision 0008): the whole file, a byte range, a HEAD, or a
 * refusal because the link was used up, expired, its order or file is no longer downloadable, or
 * the range lay past the file's end.
 */
export const downloadFetchOutcomes = [
  'full',
  'range',
  'head',
  'refused_used',
  'refused_expired',
  'refused_unavailable',
  'refused_range',
] as const;
export type DownloadFetchOutcome = (typeof downloadFetchOutcomes)[number];

export const downloadFetchRecordSchema = z.object({
  id: z.string(),
  download_id: z.string(),
  fetched_at: z.string(),
  ip_address: z.string().nullable(),
  range_header: z.string().nullable(),
  outcome: z.string(),
});

export const downloadGrantRecordSchema = z.object({
  id: z.string(),
  /** The version whose downloads were given back (the current one when it was given). */
  version_id: z.string().nullable(),
  granted_at: z.string(),
  granted_by: z.string().nullable(),
  extra: z.number().int(),
});

/** An email about the order in the email outbox: waiting, sent, or given up on (decision 0015). */
export const orderEmailRecordSchema = z.object({
  id: z.string(),
  /** e.g. order-received, order-paid, order-paid-administrator, order-delivered, order-refunded, order-cancelled */
  kind: z.string(),
  recipient: z.string(),
  created_at: z.string(),
  attempts: z.number().int(),
  sent_at: z.string().nullable(),
  /** When the sender gave up: the email will not be sent. */
  failed_at: z.string().nullable(),
  last_error: z.string().nullable(),
});
export type OrderEmailRecord = z.infer<typeof orderEmailRecordSchema>;

/**
 * What an order's timeline records for the owner: every status change, named by the order event
 * that made it (shared/order-states.ts OrderEvent: a payment report, a restart, a delivery, a
 * change by hand, a resolution of decision 0014, the client's or the shop's cancellation of an
 * unpaid order and money after it, issue 17 §3; the automatic delivery of the robot's current
 * release, decision 0018), and what the client was told only in general words:
 * `payment_request_failed`, the payment workflow gave no payment page (the client saw SPEC §8's
 * message, the detail says why); `automatic_delivery_missed`, a paid order of a robot delivered
 * automatically found no release to deliver and waits for the owner; and what happened to the
 * order's licence (issue 18 §2), which changes no status (`LicenceEventKind`).
 */
export const orderEventKinds = [
  'payment_request_failed',
  'payment_started',
  'payment_reported',
  'payment_needs_review',
  'admin_set',
  'file_delivered',
  'marked_paid',
  'refunded',
  'cancelled',
  'client_cancelled',
  'unpaid_expired',
  'trial_started',
  'payment_after_cancellation',
  // The client freed a slot of the order's licence (issue 18 §2); no status changes.
  'licence_slot_freed',
  'release_delivered',
  'automatic_delivery_missed',
  // The owner revoked, reinstated or extended the order's licence, or freed all its accounts.
  'licence_revoked',
  'licence_reinstated',
  'licence_extended',
  'licence_slots_reset',
] as const satisfies readonly (
  OrderEvent['type'] | 'payment_request_failed' | LicenceEventKind | 'automatic_delivery_missed'
)[];
export type OrderEventKind = (typeof orderEventKinds)[number];

/** The timeline lines the licences module writes, each in the transaction of the licence's change. */
export type LicenceEventKind =
  'licence_slot_freed' | 'licence_revoked' | 'licence_reinstated' | 'licence_extended' | 'licence_slots_reset';

/** One line of an order's timeline. The status columns are null on a line that changed no status. */
export const orderEventSchema = z.object({
  id: z.string(),
  occurred_at: z.string(),
  kind: z.enum(orderEventKinds),
  /** The technical detail the client was spared, as the shop received it. */
  detail: z.string().nullable(),
  /** Who made the status change (`shop`: a job applying the owner's setting), and the administrator's address when one did. */
  actor: z.enum(orderActors).nullable(),
  actor_email: z.string().nullable(),
  from_status: orderStatusSchema.nullable(),
  to_status: orderStatusSchema.nullable(),
  note: z.string().nullable(),
  /** What a payment report said, when one made the change. */
  amount_paid: z.number().nullable(),
  paid_currency: z.string().nullable(),
  payment_flags: z.array(z.enum(paymentFlags)),
});
export type OrderTimelineEvent = z.infer<typeof orderEventSchema>;

/**
 * The timeline lines an order's client may read (issue 19 §5): its status changes, deliveries and
 * licence changes. Not `payment_request_failed` (the client was told at the time, in general
 * words) nor `automatic_delivery_missed` (the owner's to handle); and of each line, never the
 * administrator, their note, the technical detail or the owner's payment flags.
 */
const clientOrderEventKind = z.enum(orderEventKinds).exclude(['payment_request_failed', 'automatic_delivery_missed']);
export const clientOrderEventKinds = clientOrderEventKind.options;
export type ClientOrderEventKind = z.infer<typeof clientOrderEventKind>;

export const clientOrderEventSchema = z.object({
  id: z.string(),
  occurred_at: z.string(),
  kind: clientOrderEventKind,
  from_status: orderStatusSchema.nullable(),
  to_status: orderStatusSchema.nullable(),
  /** What the client's payment came to, on the line of the report that said it. */
  amount_paid: z.number().nullable(),
  paid_currency: z.string().nullable(),
});
export type ClientOrderEvent = z.infer<typeof clientOrderEventSchema>;

/** `GET /api/orders/:id/detail`: the client's order detail page. */
export const orderDetailSchema = orderSchema.extend({
  /** The robot's page, `/robots/<slug>`, while the robot is in the catalogue; null once it is not. */
  robot_slug: z.string().nullable(),
  /** What the payment workflow reported the client paid, in `paid_currency`, when it said (decision 0014). */
  amount_paid: z.number().nullable(),
  paid_currency: z.string().nullable(),
  /** The timeline lines of `clientOrderEventKinds`, newest first. */
  timeline: z.array(clientOrderEventSchema),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export const adminOrderDetailSchema = adminOrderSchema.extend({
  callbacks: z.array(paymentCallbackRecordSchema),
  downloads: z.array(downloadRecordSchema),
  fetches: z.array(downloadFetchRecordSchema),
  grants: z.array(downloadGrantRecordSchema),
  emails: z.array(orderEmailRecordSchema),
  /** The order's timeline, newest first. */
  events: z.array(orderEventSchema),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

export const orderStatusChangeSchema = z.object({ status: orderStatusSchema });

export const RESOLUTION_NOTE_MAX_LENGTH = 1000;
const resolutionNote = z
  .string()
  .trim()
  .max(RESOLUTION_NOTE_MAX_LENGTH, `At most ${RESOLUTION_NOTE_MAX_LENGTH} characters.`);

/** POST /api/admin/orders/:id/mark-paid: the owner says why a payment under review counts. */
export const markPaidSchema = z.object({
  note: resolutionNote.min(1, 'Say why this payment counts as paid.'),
});
/** POST /api/admin/orders/:id/refund and …/cancel: a note is welcome, not required. */
export const resolutionSchema = z.object({ note: resolutionNote.optional() });
export type OrderResolution = 'mark_paid' | 'refund' | 'cancel';

export const downloadGrantSchema = z.object({
  extra: z.number().int().min(1).max(MAX_DOWNLOADS_PER_ORDER),
});

export const dashboardTotalsSchema = z.object({
  total_revenue: z.number(),
  total_orders: z.number().int(),
  total_users: z.number().int(),
  /** The last 30 days, oldest first, one entry per day (YYYY-MM-DD, UTC). */
  revenue_by_day: z.array(z.object({ day: z.string(), revenue: z.number() })),
});
export type DashboardTotals = z.infer<typeof dashboardTotalsSchema>;
