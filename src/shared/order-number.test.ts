import { describe, expect, it } from 'vitest';
import { shortOrderNumber } from './order-number.js';

describe('the short order number', () => {
  it('shows the first eight characters of an order id', () => {
    expect(shortOrderNumber('0f8c2a9e-1111-2222-3333-444455556666')).toBe('0f8c2a9e');
  });
});
