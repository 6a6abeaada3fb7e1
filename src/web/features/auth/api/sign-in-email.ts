import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { getCurrentUserQueryOptions } from './get-current-user';

export type SignInInput = { email: string; password: string };

export function signInEmail(input: SignInInput): Promise<unknown> {
  return apiPost('/api/auth/sign-in/email', input);
}

/** On success the session cookie is set; reloading the current user updates every screen. */
export function useSignInEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getCurrentUserQueryOptions().queryKey }),
  });
}
