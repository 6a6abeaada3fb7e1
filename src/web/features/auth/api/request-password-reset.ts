import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

/** Where the emailed link lands, through the server, with `?token=…` (or `?error=INVALID_TOKEN`). */
export const RESET_PASSWORD_PATH = '/ResetPassword';

/** The server answers the same whether or not the account exists, so nobody can probe for emails. */
export function requestPasswordReset(email: string): Promise<unknown> {
  return apiPost('/api/auth/request-password-reset', { email, redirectTo: RESET_PASSWORD_PATH });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
