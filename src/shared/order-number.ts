import { ORDER_ID_DISPLAY_LENGTH } from './constants.js';

/** The short order number shown to clients, administrators and in emails (SPEC §9: the first 8 characters of the id). */
export function shortOrderNumber(orderId: string): string {
  return orderId.slice(0, ORDER_ID_DISPLAY_LENGTH);
}
