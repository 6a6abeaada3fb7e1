import { ApiError, errorCodeOf } from '../../lib/api-client';

/**
 * Which message a failed account call shows, as a key under `auth.messages` in the catalogues.
 * The server's own message is never shown: it is English-only and may say more than we want.
 */
export type AuthMessage =
  | 'invalidCredentials'
  | 'emailNotVerified'
  | 'rateLimited'
  | 'signInFailed'
  | 'emailInUse'
  | 'signUpFailed'
  | 'requestFailed'
  | 'invalidResetLink';

function statusOf(error: unknown): number | null {
  return error instanceof ApiError ? error.status : null;
}

export function signInErrorMessage(error: unknown): AuthMessage {
  const status = statusOf(error);
  if (status === 429) return 'rateLimited';
  if (status === 403 && errorCodeOf(error) === 'email_not_verified') return 'emailNotVerified';
  // Wrong password, unknown email, malformed input: the same answer, so nobody can probe accounts.
  if (status === 401 || status === 400) return 'invalidCredentials';
  // A refused origin, a network failure or a server error is not the visitor's typo; do not say it is.
  return 'signInFailed';
}

export function signUpErrorMessage(error: unknown): AuthMessage {
  if (statusOf(error) === 429) return 'rateLimited';
  const code = errorCodeOf(error);
  if (code === 'user_already_exists' || code === 'user_already_exists_use_another_email') return 'emailInUse';
  return 'signUpFailed';
}

export function passwordResetRequestErrorMessage(error: unknown): AuthMessage {
  return statusOf(error) === 429 ? 'rateLimited' : 'requestFailed';
}

export function resetPasswordErrorMessage(error: unknown): AuthMessage {
  const status = statusOf(error);
  if (status === 429) return 'rateLimited';
  if (status === 400 && errorCodeOf(error) === 'invalid_token') return 'invalidResetLink';
  return 'requestFailed';
}

/**
 * SPEC §8: a social sign-in error that mentions invalid credentials or the provider means the
 * provider is set up wrongly (bad client id or secret, unknown redirect address); anything else
 * is worth another try. `error` is the code better-auth, or the provider, put in the URL.
 */
export function socialErrorKind(error: string | null): 'misconfigured' | 'failed' {
  const misconfigured =
    /invalid[\s_]*(login[\s_]*)?credentials|provider|invalid_client|unauthorized_client|redirect_uri_mismatch/i;
  return error !== null && misconfigured.test(error) ? 'misconfigured' : 'failed';
}
