import { describe, expect, it } from 'vitest';
import { paidAmountBesidePrice, paidOrdersTotal } from './amounts';

describe("My Orders' total paid", () => {
  it('adds the prices of paid, in-progress and completed orders, in cents', () => {
    const orders = [
      { price: 0.1, status: 'paid', trial: false },
      { price: 0.2, status: 'in_progress', trial: false },
      { price: 199.99, status: 'completed', trial: false },
    ] as const;
    expect(paidOrdersTotal(orders)).toEqual({ total: 200.29, count: 3 });
  });

  it('leaves out free trials and orders unpaid, under review, failed, cancelled or refunded', () => {
    const orders = [
      { price: 0, status: 'completed', trial: true },
      { price: 50, status: 'pending_payment', trial: false },
      { price: 50, status: 'needs_review', trial: false },
      { price: 50, status: 'failed', trial: false },
      { price: 50, status: 'cancelled', trial: false },
      { price: 50, status: 'refunded', trial: false },
      { price: 75, status: 'completed', trial: false },
    ] as const;
    expect(paidOrdersTotal(orders)).toEqual({ total: 75, count: 1 });
  });
});

describe('the paid amount beside the price', () => {
  const order = (amount_paid: number | null, paid_currency: string | null = 'USD') => ({
    price: 199,
    amount_paid,
    paid_currency,
  });

  it('is shown only when it is not the price to the cent, or in another currency', () => {
    expect(paidAmountBesidePrice(order(null), 'en')).toBeNull();
    expect(paidAmountBesidePrice(order(199), 'en')).toBeNull();
    expect(paidAmountBesidePrice(order(199.0000001, null), 'en')).toBeNull();
    expect(paidAmountBesidePrice(order(198.5), 'en')).toBe('$198.50');
    expect(paidAmountBesidePrice(order(0.0031, 'BTC'), 'en')).toBe('0.0031 BTC');
  });

  it("is written the reader's way", () => {
    expect(paidAmountBesidePrice(order(198.5), 'fr')).toBe('198,50\u00a0$US');
  });
});
