import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderDetail } from '../../../../shared/schemas/orders.js';
import { apiGet, type RequestOptions } from '../../../lib/api-client';

/** One of the client's own orders in full (issue 19 §5); another client's order is a 404 `not_found`. */
export function getOrderDetail(orderId: string, options?: RequestOptions): Promise<OrderDetail> {
  return apiGet<OrderDetail>(`/api/orders/${encodeURIComponent(orderId)}/detail`, options);
}

export function getOrderDetailQueryOptions(orderId: string) {
  return queryOptions({
    // Under 'orders', so that what refreshes My Orders (a download, a cancellation) refreshes it too.
    queryKey: ['orders', 'detail', orderId],
    queryFn: ({ signal }) => getOrderDetail(orderId, { signal }),
    staleTime: 0,
    // A 404 (not theirs, or no such order) will not change by asking again.
    retry: false,
  });
}

export function useOrderDetail(orderId: string) {
  return useQuery({ ...getOrderDetailQueryOptions(orderId), enabled: orderId !== '' });
}
