import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '../../../../shared/schemas/orders.js';
import { apiGet, type RequestOptions } from '../../../lib/api-client';

/** One of the client's own orders; another client's order is a 404. */
export function getOrder(orderId: string, options?: RequestOptions): Promise<Order> {
  return apiGet<Order>(`/api/orders/${encodeURIComponent(orderId)}`, options);
}

export function getOrderQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: ['order', orderId],
    queryFn: ({ signal }) => getOrder(orderId, { signal }),
    staleTime: 0,
  });
}

export function useOrder(orderId: string) {
  return useQuery({ ...getOrderQueryOptions(orderId), enabled: orderId !== '' });
}
