import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderStatus } from '../../../../../shared/order-states.js';
import type { AdminOrdersPage } from '../../../../../shared/schemas/orders.js';
import { apiGet, type RequestOptions } from '../../../../lib/api-client';

export type AdminOrdersFilter = { status: OrderStatus | ''; q: string; page: number };

export function adminOrdersSearch(filter: Omit<AdminOrdersFilter, 'page'> & { page?: number }): string {
  const params = new URLSearchParams();
  if (filter.status) params.set('status', filter.status);
  if (filter.q.trim()) params.set('q', filter.q.trim());
  if (filter.page && filter.page > 1) params.set('page', String(filter.page));
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** One page of orders, filtered and searched by the server (a shop may have thousands). */
export function getAdminOrders(filter: AdminOrdersFilter, options?: RequestOptions): Promise<AdminOrdersPage> {
  return apiGet<AdminOrdersPage>(`/api/admin/orders${adminOrdersSearch(filter)}`, options);
}

export function getAdminOrdersQueryOptions(filter: AdminOrdersFilter) {
  return queryOptions({
    queryKey: ['admin', 'orders', 'list', filter],
    queryFn: ({ signal }) => getAdminOrders(filter, { signal }),
    staleTime: 0,
  });
}

export function useAdminOrders(filter: AdminOrdersFilter) {
  return useQuery({ ...getAdminOrdersQueryOptions(filter), placeholderData: keepPreviousData });
}
