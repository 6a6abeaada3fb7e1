import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '../../../../shared/schemas/orders.js';
import type { StartTrialInput } from '../../../../shared/schemas/trials.js';
import { apiPost } from '../../../lib/api-client';
import { getOrderQueryOptions } from './get-order';

/** Starts the robot's free trial (decision 0020): a completed order at price 0, once per robot. */
export function startTrial(input: StartTrialInput): Promise<Order> {
  return apiPost<Order>('/api/orders/trials', input);
}

export function useStartTrial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startTrial,
    onSuccess: (order) => {
      queryClient.setQueryData(getOrderQueryOptions(order.id).queryKey, order);
      // My Orders lists it, and the licences feature has a new licence to show.
      return queryClient.invalidateQueries({
        predicate: (query) => ['orders', 'licences'].includes(String(query.queryKey[0])),
      });
    },
  });
}
