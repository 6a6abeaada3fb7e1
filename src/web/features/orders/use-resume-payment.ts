import type { Order } from '../../../shared/schemas/orders.js';
import { useNavigate } from '../../lib/router';
import { useStartPayment } from './api/start-payment';
import { openPaymentTab } from './payment-tab';

/** The order's page: the wizard, at the step the order is in. */
export function orderPagePath(order: Pick<Order, 'id' | 'robot_id'>): string {
  return `/OrderForm?${new URLSearchParams({ robotId: order.robot_id ?? '', orderId: order.id }).toString()}`;
}

/**
 * Resumes the payment of an unpaid order (issue 17 §3): the order's payment page opens in a new
 * tab (the page still waiting for its payment, or a new one after a failure, as Retry does) and
 * this tab goes to the wizard's waiting step for that order.
 */
export function useResumePayment() {
  const payment = useStartPayment();
  const navigate = useNavigate();
  return {
    resume(order: Order) {
      const tab = openPaymentTab();
      payment.mutate(order.id, {
        onSuccess: (started) => {
          tab.go(started.pay_url);
          navigate(orderPagePath(order));
        },
        onError: () => tab.cancel(),
      });
    },
    /** The order whose payment is being asked for, if any. */
    pendingFor: payment.isPending ? payment.variables : undefined,
    error: payment.error,
    failedFor: payment.isError ? payment.variables : undefined,
  };
}
