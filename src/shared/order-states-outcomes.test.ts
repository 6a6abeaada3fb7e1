import { describe, expect, it } from 'vitest';
import {
  manualOrderStatuses,
  nextOrderStatus,
  orderStatuses,
  paidStatuses,
  type OrderEvent,
  type OrderStatus,
} from './order-states.js';

/** Decision 0014: payments under review, refunds and cancellations in the one state machine. */
describe('the order state machine with payment outcomes', () => {
  const by = (current: OrderStatus, event: OrderEvent, actor: 'client' | 'workflow' | 'administrator') =>
    nextOrderStatus(current, event, actor);

  it('puts an unpaid order under review when the workflow reports a payment to review, once', () => {
    for (const current of ['pending_payment', 'failed'] as const)
      expect(by(current, { type: 'payment_needs_review' }, 'workflow')).toEqual({
        ok: true,
        next: 'needs_review',
        changed: true,
      });
    // Already under review, or paid: a repeat or a stale report changes nothing.
    for (const current of ['needs_review', ...paidStatuses, 'refunded', 'cancelled'] as const)
      expect(by(current, { type: 'payment_needs_review' }, 'workflow')).toMatchObject({ ok: true, changed: false });
  });

  it('lets money that completes a reviewed payment pay it, and never fails an order whose money arrived', () => {
    expect(by('needs_review', { type: 'payment_reported', status: 'paid' }, 'workflow')).toEqual({
      ok: true,
      next: 'paid',
      changed: true,
    });
    expect(by('needs_review', { type: 'payment_reported', status: 'failed' }, 'workflow')).toEqual({
      ok: true,
      next: 'needs_review',
      changed: false,
    });
    // A refunded or cancelled order stays so, whatever the workflow says later.
    for (const current of ['refunded', 'cancelled'] as const)
      for (const status of ['paid', 'failed'] as const)
        expect(by(current, { type: 'payment_reported', status }, 'workflow')).toMatchObject({ changed: false });
  });

  it('marks paid or cancels only an order under review, and refunds paid or reviewed orders', () => {
    expect(by('needs_review', { type: 'marked_paid' }, 'administrator')).toEqual({
      ok: true,
      next: 'paid',
      changed: true,
    });
    expect(by('needs_review', { type: 'cancelled' }, 'administrator')).toEqual({
      ok: true,
      next: 'cancelled',
      changed: true,
    });
    for (const current of ['needs_review', 'paid', 'in_progress', 'completed'] as const)
      expect(by(current, { type: 'refunded' }, 'administrator')).toEqual({ ok: true, next: 'refunded', changed: true });

    for (const current of ['pending_payment', 'failed', 'cancelled'] as const)
      expect(by(current, { type: 'refunded' }, 'administrator')).toEqual({
        ok: false,
        reason: 'Only a paid order, or one whose payment is under review, can be refunded.',
      });
    for (const current of ['pending_payment', 'failed', 'in_progress', 'completed', 'refunded'] as const) {
      expect(by(current, { type: 'marked_paid' }, 'administrator')).toEqual({
        ok: false,
        reason: 'Only an order whose payment is under review can be marked paid.',
      });
    }
    for (const current of ['pending_payment', 'failed', 'paid', 'completed', 'refunded'] as const)
      expect(by(current, { type: 'cancelled' }, 'administrator')).toEqual({
        ok: false,
        reason: 'Only an order whose payment is under review can be cancelled.',
      });
  });

  it('treats a resolution already made as a repeat that changes nothing', () => {
    expect(by('refunded', { type: 'refunded' }, 'administrator')).toEqual({
      ok: true,
      next: 'refunded',
      changed: false,
    });
    expect(by('cancelled', { type: 'cancelled' }, 'administrator')).toEqual({
      ok: true,
      next: 'cancelled',
      changed: false,
    });
  });

  it('leaves the resolutions to administrators', () => {
    for (const event of [{ type: 'marked_paid' }, { type: 'refunded' }, { type: 'cancelled' }] as const)
      for (const actor of ['client', 'workflow'] as const)
        expect(by('needs_review', event, actor)).toEqual({
          ok: false,
          reason: `Only the administrator may cause ${event.type}.`,
        });
    expect(by('pending_payment', { type: 'payment_needs_review' }, 'administrator').ok).toBe(false);
  });

  it('keeps setting by hand to the five statuses of SPEC, and out of the statuses a resolution closes', () => {
    for (const to of ['needs_review', 'refunded', 'cancelled'] as const)
      for (const from of orderStatuses.filter((status) => status !== to))
        expect(by(from, { type: 'admin_set', status: to }, 'administrator')).toMatchObject({ ok: false });
    for (const to of manualOrderStatuses) {
      expect(by('needs_review', { type: 'admin_set', status: to }, 'administrator')).toEqual({
        ok: false,
        reason: 'The payment of this order is under review: mark it paid, refund it or cancel it.',
      });
      expect(by('refunded', { type: 'admin_set', status: to }, 'administrator')).toEqual({
        ok: false,
        reason: 'This order was refunded; it cannot change any more.',
      });
      expect(by('cancelled', { type: 'admin_set', status: to }, 'administrator')).toEqual({
        ok: false,
        reason: 'This order was cancelled; it cannot change any more.',
      });
    }
  });

  it('lets a client pay again only an unpaid order, saying why otherwise', () => {
    expect(by('needs_review', { type: 'payment_started' }, 'client')).toEqual({
      ok: false,
      reason: 'The payment of this order is under review.',
    });
    expect(by('refunded', { type: 'payment_started' }, 'client')).toEqual({
      ok: false,
      reason: 'This order was refunded.',
    });
    expect(by('cancelled', { type: 'payment_started' }, 'client')).toEqual({
      ok: false,
      reason: 'This order was cancelled.',
    });
  });

  it('counts neither reviewed nor refunded nor cancelled orders as paid', () => {
    for (const status of ['needs_review', 'refunded', 'cancelled'] as const) expect(paidStatuses).not.toContain(status);
  });
});
