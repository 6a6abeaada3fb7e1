import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { getCurrentUserQueryOptions } from './get-current-user';

export type SignUpInput = { email: string; password: string; name: string };

/** `token` is null when the shop requires email confirmation: the account exists but is not signed in. */
export type SignUpResult = { token: string | null };

export function signUpEmail(input: SignUpInput): Promise<SignUpResult> {
  return apiPost<SignUpResult>('/api/auth/sign-up/email', { ...input, callbackURL: '/' });
}

/**
 * When the shop does not require email confirmation, better-auth signs the new account in at
 * once, so the current user is reloaded after every successful sign-up.
 */
export function useSignUpEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUpEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getCurrentUserQueryOptions().queryKey }),
  });
}
