import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

export type ResetPasswordInput = { newPassword: string; token: string };

/** The server also ends every session of the account, so the user signs in afresh. */
export function resetPassword(input: ResetPasswordInput): Promise<unknown> {
  return apiPost('/api/auth/reset-password', input);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
