import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOrderDetail } from '../../../../../shared/schemas/orders.js';
import { apiGet, type RequestOptions } from '../../../../lib/api-client';

/** An order with its payment callbacks, downloads and download grants. */
export function getAdminOrder(id: string, options?: RequestOptions): Promise<AdminOrderDetail> {
  return apiGet<AdminOrderDetail>(`/api/admin/orders/${encodeURIComponent(id)}`, options);
}

export function getAdminOrderQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['admin', 'orders', 'detail', id],
    queryFn: ({ signal }) => getAdminOrder(id, { signal }),
    staleTime: 0,
  });
}

export function useAdminOrder(id: string | null) {
  return useQuery({ ...getAdminOrderQueryOptions(id ?? ''), enabled: id !== null });
}
