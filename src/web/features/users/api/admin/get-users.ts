import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserListItem } from '../../../../../shared/schemas/users.js';
import { apiGet, type RequestOptions } from '../../../../lib/api-client';

/** Every account, newest first (administrators only). */
export function getUsers(options?: RequestOptions): Promise<UserListItem[]> {
  return apiGet<UserListItem[]>('/api/admin/users', options);
}

export function getUsersQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'users'],
    queryFn: ({ signal }) => getUsers({ signal }),
  });
}

export function useUsers() {
  return useQuery(getUsersQueryOptions());
}
