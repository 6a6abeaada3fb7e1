import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountSession, DeleteAccountInput } from '../../../../shared/schemas/account.js';
import { apiDelete, apiGet, apiPost } from '../../../lib/api-client';
import { getCurrentUserQueryOptions } from './get-current-user';

/**
 * The Account page's calls. Name, email and password go through better-auth's own endpoints
 * (which check the session and hash passwords); signed-in devices and deletion through ours.
 */

export function useUpdateName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiPost('/api/auth/update-user', { name }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getCurrentUserQueryOptions().queryKey }),
  });
}

/** The address changes only when its owner opens the link sent to it, which comes back to /Account. */
export function useChangeEmail() {
  return useMutation({
    mutationFn: (newEmail: string) => apiPost('/api/auth/change-email', { newEmail, callbackURL: '/Account' }),
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string }) =>
      apiPost('/api/auth/change-password', { ...input, revokeOtherSessions: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountSessionsQueryOptions().queryKey }),
  });
}

export function accountSessionsQueryOptions() {
  return queryOptions({
    queryKey: ['account', 'sessions'],
    queryFn: ({ signal }) => apiGet<AccountSession[]>('/api/account/sessions', { signal }),
  });
}

export function useAccountSessions() {
  return useQuery(accountSessionsQueryOptions());
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string | 'others') =>
      sessionId === 'others'
        ? apiPost('/api/account/sessions/revoke-others')
        : apiDelete(`/api/account/sessions/${encodeURIComponent(sessionId)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountSessionsQueryOptions().queryKey }),
  });
}

/** Afterwards nobody is signed in: the user is cleared at once and every query refetched. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeleteAccountInput) => apiPost('/api/account/delete', input),
    onSuccess: async () => {
      queryClient.setQueryData(getCurrentUserQueryOptions().queryKey, null);
      await queryClient.invalidateQueries();
    },
  });
}
