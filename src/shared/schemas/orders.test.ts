import { describe, expect, it } from 'vitest';
import { paymentWordStatus } from './orders.js';

describe('the payment workflow words', () => {
  it('reads the workflow words', () => {
    expect(paymentWordStatus('Confirmed')).toBe('paid');
    expect(paymentWordStatus('settled')).toBe('paid');
    expect(paymentWordStatus('expired')).toBe('failed');
    expect(paymentWordStatus('invalid')).toBe('failed');
    expect(paymentWordStatus('paid')).toBe('paid');
    expect(paymentWordStatus('refunded')).toBeNull();
  });
});
