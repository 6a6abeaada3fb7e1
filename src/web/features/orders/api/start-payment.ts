import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentStart } from '../../../../shared/schemas/orders.js';
import { apiPost } from '../../../lib/api-client';
import { getOrderQueryOptions } from './get-order';

/** Asks the server for the payment page (it calls the payment workflow); again while pending = the same page. */
export function startPayment(orderId: string): Promise<PaymentStart> {
  return apiPost<PaymentStart>(`/api/orders/${encodeURIComponent(orderId)}/payment`);
}

export function useStartPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startPayment,
    onSettled: (_data, _error, orderId) =>
      queryClient.invalidateQueries({ queryKey: getOrderQueryOptions(orderId).queryKey }),
  });
}
