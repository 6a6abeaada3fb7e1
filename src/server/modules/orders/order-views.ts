import { MAX_DOWNLOADS_PER_ORDER } from '../../../shared/constants.js';
import type { AdminOrder, Order } from '../../../shared/schemas/orders.js';
import type { AdminOrderRow, OrderRow } from './orders.repository.js';

/** An order as its owner sees it: never the storage key, nor the idempotency key. */
export function toOrder(row: OrderRow): Order {
  return {
    id: row.id,
    robot_id: row.robot_id,
    robot_name: row.robot_name,
    telegram_username: row.telegram_username,
    strategy_instructions: row.strategy_instructions,
    price: row.price,
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

export function toAdminOrder(row: AdminOrderRow): AdminOrder {
  return {
    ...toOrder(row),
    user_id: row.user_id,
    client_email: row.client_email,
    client_name: row.client_name,
    language: row.language,
  };
}
