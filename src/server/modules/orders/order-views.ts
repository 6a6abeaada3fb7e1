import { MAX_DOWNLOADS_PER_ORDER } from '../../../shared/constants.js';
import {
  paymentFlags,
  type AdminOrder,
  type Order,
  type OrderTimelineEvent,
  type PaymentFlag,
} from '../../../shared/schemas/orders.js';
import type { AdminOrderRow, OrderEventRow, OrderRow } from './orders.repository.js';

/** An order as its owner sees it: never the storage key, nor the idempotency key. */
export function toOrder(row: OrderRow): Order {
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
    has_file: row.file_path !== null,
    file_name: row.file_name,
    download_count: row.download_count,
    downloads_remaining: Math.max(0, MAX_DOWNLOADS_PER_ORDER - row.download_count),
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

export function toAdminOrder(row: AdminOrderRow): AdminOrder {
  return {
    ...toOrder(row),
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
