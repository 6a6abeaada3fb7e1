import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LicensedOrder } from '../../../../shared/schemas/client-licences.js';
import { apiGet, type RequestOptions } from '../../../lib/api-client';

/** Which of the client's orders have a licence, for My Orders' "Licence" action. */
export function getLicensedOrders(options?: RequestOptions): Promise<LicensedOrder[]> {
  return apiGet<LicensedOrder[]>('/api/orders/licences', options);
}

export function getLicensedOrdersQueryOptions() {
  return queryOptions({
    queryKey: ['licences', 'own'],
    queryFn: ({ signal }) => getLicensedOrders({ signal }),
    staleTime: 0,
  });
}

export function useLicensedOrders() {
  return useQuery(getLicensedOrdersQueryOptions());
}
