import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateOrderInput, Order } from '../../../../shared/schemas/orders.js';
import { apiPost } from '../../../lib/api-client';
import { getOrderQueryOptions } from './get-order';

/** The key makes a retried submission (double click, lost answer) return the same order. */
export function createOrder({
  input,
  idempotencyKey,
}: {
  input: CreateOrderInput;
  idempotencyKey: string;
}): Promise<Order> {
  return apiPost<Order>('/api/orders', input, { headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: (order) => {
      queryClient.setQueryData(getOrderQueryOptions(order.id).queryKey, order);
      return queryClient.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}
