import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminLicenceDetail } from '../../../../../shared/schemas/licences-admin.js';
import { apiGet, type RequestOptions } from '../../../../lib/api-client';

/** A licence with its key, its activations (live and freed) and its robots' newest checks. */
export function getAdminLicence(id: string, options?: RequestOptions): Promise<AdminLicenceDetail> {
  return apiGet<AdminLicenceDetail>(`/api/admin/licences/${encodeURIComponent(id)}`, options);
}

export function getAdminLicenceQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['admin', 'licences', 'detail', id],
    queryFn: ({ signal }) => getAdminLicence(id, { signal }),
    staleTime: 0,
  });
}

export function useAdminLicence(id: string | null) {
  return useQuery({ ...getAdminLicenceQueryOptions(id ?? ''), enabled: id !== null });
}
