import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminLicencesPage, AdminLicenceStatus } from '../../../../../shared/schemas/licences-admin.js';
import { apiGet, type RequestOptions } from '../../../../lib/api-client';

export type AdminLicencesFilter = { status: AdminLicenceStatus | ''; q: string; page: number };

export function adminLicencesSearch(filter: AdminLicencesFilter): string {
  const params = new URLSearchParams();
  if (filter.status) params.set('status', filter.status);
  if (filter.q.trim()) params.set('q', filter.q.trim());
  if (filter.page > 1) params.set('page', String(filter.page));
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** One page of licences, filtered and searched by the server. */
export function getAdminLicences(filter: AdminLicencesFilter, options?: RequestOptions): Promise<AdminLicencesPage> {
  return apiGet<AdminLicencesPage>(`/api/admin/licences${adminLicencesSearch(filter)}`, options);
}

export function getAdminLicencesQueryOptions(filter: AdminLicencesFilter) {
  return queryOptions({
    queryKey: ['admin', 'licences', 'list', filter],
    queryFn: ({ signal }) => getAdminLicences(filter, { signal }),
    staleTime: 0,
  });
}

/** The previous page stays shown while the next one loads. */
export function useAdminLicences(filter: AdminLicencesFilter) {
  return useQuery({ ...getAdminLicencesQueryOptions(filter), placeholderData: keepPreviousData });
}
