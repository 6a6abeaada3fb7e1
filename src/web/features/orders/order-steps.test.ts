import { describe, expect, it } from 'vitest';
import type { Order } from '../../../shared/schemas/orders.js';
import { stepOfOrder } from './order-steps';

const order = (status: Order['status']) => ({ status }) as Order;

describe('the order wizard step', () => {
  it('starts at configuration, waits for payment while unpaid or failed, confirms once paid', () => {
    expect(stepOfOrder(undefined)).toBe(1);
    expect(stepOfOrder(order('pending_payment'))).toBe(2);
    expect(stepOfOrder(order('failed'))).toBe(2);
    for (const status of ['paid', 'in_progress', 'completed'] as const) expect(stepOfOrder(order(status))).toBe(3);
  });
});
