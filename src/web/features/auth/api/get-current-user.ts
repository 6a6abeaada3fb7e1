import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '../../../../shared/schemas/users.js';
import { apiGet, type RequestOptions } from '../../../lib/api-client';

/**
 * The signed-in user, or null for a visitor. `/api/session` answers visitors with `user: null`
 * (not `/api/me`'s 401, which the browser would log as an error on every visitor's page); any
 * failure also counts as signed out (SPEC §6: a failed current-user call means anonymous), so
 * this never rejects except when the request is cancelled.
 */
export async function getCurrentUser(options?: RequestOptions): Promise<CurrentUser | null> {
  try {
    return (await apiGet<{ user: CurrentUser | null }>('/api/session', options)).user;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return null;
  }
}

export function getCurrentUserQueryOptions() {
  return queryOptions({
    queryKey: ['me'],
    queryFn: ({ signal }) => getCurrentUser({ signal }),
  });
}

export function useCurrentUserQuery() {
  return useQuery(getCurrentUserQueryOptions());
}
