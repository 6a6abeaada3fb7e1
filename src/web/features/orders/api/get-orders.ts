import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '../../../../shared/schemas/orders.js';
import { apiGet, type RequestOptions } from '../../../lib/api-client';

/** The signed-in client's orders, newest first. */
export function getOrders(options?: RequestOptions): Promise<Order[]> {
  return apiGet<Order[]>('/api/orders', options);
}

export function getOrdersQueryOptions() {
  return queryOptions({ queryKey: ['orders'], queryFn: ({ signal }) => getOrders({ signal }), staleTime: 0 });
}

export function useOrders() {
  return useQuery(getOrdersQueryOptions());
}
