import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditPage, AuditQuery } from '../../../../../shared/schemas/audit.js';
import { apiGet, type RequestOptions } from '../../../../lib/api-client';

export type ActivityFilters = Partial<Pick<AuditQuery, 'resource' | 'actor' | 'from' | 'to'>>;

/** The query string of a filter set, without empty values. */
export function activitySearch(filters: ActivityFilters & { page?: number; pageSize?: number }): string {
  const entries = Object.entries(filters).filter(([, value]) => value !== undefined && value !== '');
  return new URLSearchParams(entries.map(([key, value]) => [key, String(value)])).toString();
}

export function getActivity(
  query: ActivityFilters & { page: number; pageSize: number },
  options?: RequestOptions,
): Promise<AuditPage> {
  return apiGet<AuditPage>(`/api/admin/audit?${activitySearch(query)}`, options);
}

export function getActivityQueryOptions(query: ActivityFilters & { page: number; pageSize: number }) {
  return queryOptions({
    queryKey: ['admin', 'audit', query],
    queryFn: ({ signal }) => getActivity(query, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** One page of the activity log, newest first; the previous page stays shown while the next loads. */
export function useActivity(query: ActivityFilters & { page: number; pageSize: number }) {
  return useQuery(getActivityQueryOptions(query));
}
