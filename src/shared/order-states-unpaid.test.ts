import { describe, expect, it } from 'vitest';
import {
  isUnpaidStatus,
  nextOrderStatus,
  orderStatuses,
  orderTransitionRule,
  type OrderStatus,
} from './order-states.js';

/** Issue 17 §3: the client cancels an unpaid order, the shop cancels one left unpaid, money may still come. */
describe('the order state machine for unpaid orders', () => {
  it('knows the unpaid statuses: waiting for a payment, or failed', () => {
    expect(orderStatuses.filter(isUnpaidStatus)).toEqual(['pending_payment', 'failed']);
  });

  it('lets the client cancel an unpaid order, once; cancelling again changes nothing', () => {
    for (const current of ['pending_payment', 'failed'] as const)
      expect(nextOrderStatus(current, { type: 'client_cancelled' }, 'client')).toEqual({
        ok: true,
        next: 'cancelled',
        changed: true,
      });
    expect(nextOrderStatus('cancelled', { type: 'client_cancelled' }, 'client')).toEqual({
      ok: true,
      next: 'cancelled',
      changed: false,
    });
  });

  it('refuses to cancel an order whose money arrived, saying why', () => {
    for (const current of ['paid', 'in_progress', 'completed'] as const)
      expect(nextOrderStatus(current, { type: 'client_cancelled' }, 'client')).toEqual({
        ok: false,
        reason: 'This order is paid: it can no longer be cancelled.',
      });
    expect(nextOrderStatus('needs_review', { type: 'client_cancelled' }, 'client')).toEqual({
      ok: false,
      reason: 'The payment of this order is under review: it can no longer be cancelled.',
    });
    expect(nextOrderStatus('refunded', { type: 'client_cancelled' }, 'client')).toEqual({
      ok: false,
      reason: 'This order was refunded.',
    });
    // Only the client cancels this way; the administrator has the Cancel resolution.
    expect(nextOrderStatus('pending_payment', { type: 'client_cancelled' }, 'administrator')).toEqual({
      ok: false,
      reason: 'Only the client may cause client_cancelled.',
    });
  });

  it('lets the shop cancel only an order still waiting for its payment, and nothing else', () => {
    expect(orderTransitionRule({ type: 'unpaid_expired' }).by).toBe('shop');
    expect(nextOrderStatus('pending_payment', { type: 'unpaid_expired' }, 'shop')).toEqual({
      ok: true,
      next: 'cancelled',
      changed: true,
    });
    // Paid, failed, cancelled or resolved meanwhile: a stale run changes nothing and is no error.
    for (const current of orderStatuses.filter((status) => status !== 'pending_payment'))
      expect(nextOrderStatus(current, { type: 'unpaid_expired' }, 'shop')).toMatchObject({ ok: true, changed: false });
    expect(nextOrderStatus('pending_payment', { type: 'unpaid_expired' }, 'client')).toMatchObject({ ok: false });
  });

  it('takes money reported for an order cancelled unpaid as a late payment: paid, or under review', () => {
    for (const status of ['paid', 'needs_review'] as const) {
      expect(nextOrderStatus('cancelled', { type: 'payment_after_cancellation', status }, 'workflow')).toEqual({
        ok: true,
        next: status,
        changed: true,
      });
      // Only a cancelled order moves this way; any other is a stale report.
      for (const current of orderStatuses.filter((other): other is OrderStatus => other !== 'cancelled'))
        expect(nextOrderStatus(current, { type: 'payment_after_cancellation', status }, 'workflow')).toMatchObject({
          ok: true,
          changed: false,
        });
    }
  });
});
