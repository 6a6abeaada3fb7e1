import { describe, expect, it } from 'vitest';
import { nextOrderStatus, orderStatuses, paymentWordStatus } from './orders.js';

describe('the order status transition', () => {
  it('lets callbacks move an order only forward', () => {
    expect(nextOrderStatus('pending_payment', { type: 'payment_reported', status: 'paid' })).toEqual({ ok: true, next: 'paid', changed: true });
    expect(nextOrderStatus('pending_payment', { type: 'payment_reported', status: 'failed' })).toEqual({ ok: true, next: 'failed', changed: true });
    expect(nextOrderStatus('failed', { type: 'payment_reported', status: 'paid' })).toEqual({ ok: true, next: 'paid', changed: true });
    for (const current of ['paid', 'in_progress', 'completed'] as const) {
      expect(nextOrderStatus(current, { type: 'payment_reported', status: 'failed' })).toEqual({ ok: true, next: current, changed: false });
      expect(nextOrderStatus(current, { type: 'payment_reported', status: 'paid' })).toEqual({ ok: true, next: current, changed: false });
    }
    expect(nextOrderStatus('failed', { type: 'payment_reported', status: 'failed' }).ok && nextOrderStatus('failed', { type: 'payment_reported', status: 'failed' })).toMatchObject({ changed: false });
  });

  it('starts a payment only while unpaid, and a retry returns a failed order to pending', () => {
    expect(nextOrderStatus('failed', { type: 'payment_started' })).toEqual({ ok: true, next: 'pending_payment', changed: true });
    expect(nextOrderStatus('pending_payment', { type: 'payment_started' })).toEqual({ ok: true, next: 'pending_payment', changed: false });
    expect(nextOrderStatus('paid', { type: 'payment_started' }).ok).toBe(false);
  });

  it('lets administrators set any status, and deliver only paid orders', () => {
    for (const from of orderStatuses) for (const to of orderStatuses) expect(nextOrderStatus(from, { type: 'admin_set', status: to })).toMatchObject({ ok: true, next: to });
    expect(nextOrderStatus('pending_payment', { type: 'file_delivered' }).ok).toBe(false);
    expect(nextOrderStatus('failed', { type: 'file_delivered' }).ok).toBe(false);
    expect(nextOrderStatus('completed', { type: 'file_delivered' })).toEqual({ ok: true, next: 'completed', changed: false });
    expect(nextOrderStatus('in_progress', { type: 'file_delivered' })).toEqual({ ok: true, next: 'completed', changed: true });
  });

  it('reads the workflow words', () => {
    expect(paymentWordStatus('Confirmed')).toBe('paid');
    expect(paymentWordStatus('settled')).toBe('paid');
    expect(paymentWordStatus('expired')).toBe('failed');
    expect(paymentWordStatus('invalid')).toBe('failed');
    expect(paymentWordStatus('paid')).toBe('paid');
    expect(paymentWordStatus('refunded')).toBeNull();
  });
});
