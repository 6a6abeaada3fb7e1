import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardTotals } from '../../../../../shared/schemas/orders.js';
import { apiGet, type RequestOptions } from '../../../../lib/api-client';

export function getDashboardTotals(options?: RequestOptions): Promise<DashboardTotals> {
  return apiGet<DashboardTotals>('/api/admin/dashboard', options);
}

export function getDashboardTotalsQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'orders', 'totals'],
    queryFn: ({ signal }) => getDashboardTotals({ signal }),
    staleTime: 0,
  });
}

export function useDashboardTotals() {
  return useQuery(getDashboardTotalsQueryOptions());
}
