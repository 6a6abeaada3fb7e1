import { MAX_DOWNLOADS_PER_ORDER } from '../../../shared/constants.js';
import {
  paymentFlags,
  type AdminOrder,
  type Order,
  type OrderTimelineEvent,
  type OrderVersion,
  type PaymentFlag,
} from '../../../shared/schemas/orders.js';
import type { OrderVersionRow } from './order-versions.repository.js';
import type { AdminOrderRow, OrderEventRow, OrderRow } from './orders.repository.js';

/** A version as the order's owner sees it: never its storage key. */
function toOrderVersion(row: OrderVersionRow): OrderVersion {
  return {
    id: row.id,
    label: row.label,
    from_release: row.release_id !== null,
    notes: row.notes,
    file_name: row.file_name,
    created_at: row.created_at,
    download_count: row.download_count,
    downloads_remaining: Math.max(0, MAX_DOWNLOADS_PER_ORDER - row.download_count),
  };
}

/**
 * An order as its owner sees it, with its versions (newest first, as the repository reads them):
 * never a storage key, nor the idempotency key. The file fields are its current version's.
 */
export function toOrder(row: OrderRow, versions: readonly OrderVersionRow[]): Order {
  const current = versions[0];
  return {
    id: row.id,
    robot_id: row.robot_id,
    robot_name: row.robot_name,
    telegram_username: row.telegram_username,
    strategy_instructions: row.strategy_instructions,
    price: row.price,
    trial: row.trial,
    trial_ends_at: row.trial_ends_at,
    status: row.status,
    estimated_delivery: row.estimated_delivery,
    created_date: row.created_date,
    updated_at: row.updated_at,
    terms_accepted_at: row.terms_accepted_at,
    payment_id: row.payment_id,
    pay_url: row.pay_url,
    has_file: current !== undefined,
    file_name: current?.file_name ?? null,
    download_count: current?.download_count ?? 0,
    downloads_remaining: Math.max(0, MAX_DOWNLOADS_PER_ORDER - (current?.download_count ?? 0)),
    versions: versions.map(toOrderVersion),
  };
}

/** Payment flags stored as a JSON array; anything else in the column is left out. */
function parseFlags(text: string | null): PaymentFlag[] {
  if (!text) return [];
  try {
    const flags: unknown = JSON.parse(text);
    return Array.isArray(flags) ? paymentFlags.filter((flag) => flags.includes(flag)) : [];
  } catch {
    return [];
  }
}

export function toAdminOrder(row: AdminOrderRow, versions: readonly OrderVersionRow[]): AdminOrder {
  return {
    ...toOrder(row, versions),
    user_id: row.user_id,
    client_email: row.client_email,
    client_name: row.client_name,
    language: row.language,
    expected_amount: row.expected_amount ?? row.price,
    amount_paid: row.amount_paid,
    paid_currency: row.paid_currency,
    payment_flags: parseFlags(row.payment_flags),
  };
}

/** A line of the order's timeline, its payment flags parsed. */
export function toOrderEvent(row: OrderEventRow): OrderTimelineEvent {
  return { ...row, payment_flags: parseFlags(row.payment_flags) };
}
