import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserListItem, UserRole } from '../../../../../shared/schemas/users.js';
import { apiPatch } from '../../../../lib/api-client';
import { getUsersQueryOptions } from './get-users';

export type UpdateUserRoleInput = { id: string; role: UserRole };

/** The server refuses (403) a change of one's own role. */
export function updateUserRole({ id, role }: UpdateUserRoleInput): Promise<UserListItem> {
  return apiPatch<UserListItem>(`/api/admin/users/${encodeURIComponent(id)}`, { role });
}

export function useUpdateUserRole() {
  const queryClient = useQueryClient();
  const { queryKey } = getUsersQueryOptions();
  return useMutation({
    mutationFn: updateUserRole,
    onSuccess: (updated) => {
      // Show the new role at once; the refetch below then confirms the whole list.
      queryClient.setQueryData(queryKey, (users) => users?.map((user) => (user.id === updated.id ? updated : user)));
      return queryClient.invalidateQueries({ queryKey });
    },
  });
}
