import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '../../../../shared/schemas/orders.js';
import { apiPost } from '../../../lib/api-client';
import { getOrderQueryOptions } from './get-order';

/** Cancels the client's unpaid order (again: no change); a paid one is refused with the reason. */
export function cancelOrder(orderId: string): Promise<Order> {
  return apiPost<Order>(`/api/orders/${encodeURIComponent(orderId)}/cancel`);
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: (order) => {
      queryClient.setQueryData(getOrderQueryOptions(order.id).queryKey, order);
      return queryClient.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}
