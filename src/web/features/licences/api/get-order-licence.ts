import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientLicence } from '../../../../shared/schemas/client-licences.js';
import { apiGet, type RequestOptions } from '../../../lib/api-client';

/** The licence of one of the client's own orders; 404 `no_licence` when it has none, `not_found` for another's order. */
export function getOrderLicence(orderId: string, options?: RequestOptions): Promise<ClientLicence> {
  return apiGet<ClientLicence>(`/api/orders/${encodeURIComponent(orderId)}/licence`, options);
}

export function getOrderLicenceQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: ['licences', 'order', orderId],
    queryFn: ({ signal }) => getOrderLicence(orderId, { signal }),
    // Last seen moves with every check of the robot: show it fresh each time the page opens.
    staleTime: 0,
    // A 404 (no licence, not theirs) will not change by asking again.
    retry: false,
  });
}

export function useOrderLicence(orderId: string) {
  return useQuery({ ...getOrderLicenceQueryOptions(orderId), enabled: orderId !== '' });
}
