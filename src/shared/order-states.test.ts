import { describe, expect, it } from 'vitest';
import {
  isReportedPaymentStatus,
  manualOrderStatuses,
  nextOrderStatus,
  orderStatuses,
  orderTransitionRule,
  type OrderActor,
  type OrderEvent,
} from './order-states.js';

describe('the order state machine', () => {
  it('lets callbacks move an order only forward', () => {
    expect(nextOrderStatus('pending_payment', { type: 'payment_reported', status: 'paid' }, 'workflow')).toEqual({
      ok: true,
      next: 'paid',
      changed: true,
    });
    expect(nextOrderStatus('pending_payment', { type: 'payment_reported', status: 'failed' }, 'workflow')).toEqual({
      ok: true,
      next: 'failed',
      changed: true,
    });
    expect(nextOrderStatus('failed', { type: 'payment_reported', status: 'paid' }, 'workflow')).toEqual({
      ok: true,
      next: 'paid',
      changed: true,
    });
    for (const current of ['paid', 'in_progress', 'completed'] as const) {
      expect(nextOrderStatus(current, { type: 'payment_reported', status: 'failed' }, 'workflow')).toEqual({
        ok: true,
        next: current,
        changed: false,
      });
      expect(nextOrderStatus(current, { type: 'payment_reported', status: 'paid' }, 'workflow')).toEqual({
        ok: true,
        next: current,
        changed: false,
      });
    }
    expect(nextOrderStatus('failed', { type: 'payment_reported', status: 'failed' }, 'workflow')).toEqual({
      ok: true,
      next: 'failed',
      changed: false,
    });
  });

  it('starts a payment only while unpaid, and a retry returns a failed order to pending', () => {
    expect(nextOrderStatus('failed', { type: 'payment_started' }, 'client')).toEqual({
      ok: true,
      next: 'pending_payment',
      changed: true,
    });
    expect(nextOrderStatus('pending_payment', { type: 'payment_started' }, 'client')).toEqual({
      ok: true,
      next: 'pending_payment',
      changed: false,
    });
    for (const current of ['paid', 'in_progress', 'completed'] as const) {
      expect(nextOrderStatus(current, { type: 'payment_started' }, 'client')).toEqual({
        ok: false,
        reason: 'This order is already paid.',
      });
    }
  });

  it('lets administrators set any status, and deliver only paid orders', () => {
    for (const from of manualOrderStatuses)
      for (const to of manualOrderStatuses)
        expect(nextOrderStatus(from, { type: 'admin_set', status: to }, 'administrator')).toEqual({
          ok: true,
          next: to,
          changed: from !== to,
        });
    expect(nextOrderStatus('pending_payment', { type: 'file_delivered' }, 'administrator')).toEqual({
      ok: false,
      reason: 'A robot file can be delivered only for a paid order.',
    });
    expect(nextOrderStatus('failed', { type: 'file_delivered' }, 'administrator').ok).toBe(false);
    expect(nextOrderStatus('completed', { type: 'file_delivered' }, 'administrator')).toEqual({
      ok: true,
      next: 'completed',
      changed: false,
    });
    expect(nextOrderStatus('in_progress', { type: 'file_delivered' }, 'administrator')).toEqual({
      ok: true,
      next: 'completed',
      changed: true,
    });
    expect(nextOrderStatus('paid', { type: 'file_delivered' }, 'administrator')).toEqual({
      ok: true,
      next: 'completed',
      changed: true,
    });
  });

  it('refuses an event from anyone but the actor who causes it', () => {
    const events: [OrderEvent, OrderActor][] = [
      [{ type: 'payment_started' }, 'client'],
      [{ type: 'payment_reported', status: 'paid' }, 'workflow'],
      [{ type: 'admin_set', status: 'paid' }, 'administrator'],
      [{ type: 'file_delivered' }, 'administrator'],
    ];
    for (const [event, by] of events) {
      expect(orderTransitionRule(event).by).toBe(by);
      for (const actor of ['client', 'workflow', 'administrator'] as const) {
        if (actor !== by)
          expect(nextOrderStatus('pending_payment', event, actor)).toEqual({
            ok: false,
            reason: `Only the ${by} may cause ${event.type}.`,
          });
      }
    }
  });

  it('knows which statuses a payment workflow reports', () => {
    expect(orderStatuses.filter(isReportedPaymentStatus)).toEqual(['paid', 'failed']);
  });
});
