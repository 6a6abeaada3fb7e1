import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import {
  passwordResetRequestErrorMessage,
  resetPasswordErrorMessage,
  signInErrorMessage,
  signUpErrorMessage,
  socialErrorKind,
} from './auth-errors';

const apiError = (status: number, code: string) => new ApiError(status, code, 'server text');

describe('signInErrorMessage', () => {
  it('answers wrong credentials and other refusals alike', () => {
    expect(signInErrorMessage(apiError(401, 'invalid_email_or_password'))).toBe('invalidCredentials');
    expect(signInErrorMessage(apiError(400, 'invalid_input'))).toBe('invalidCredentials');
  });

  it('tells an unverified account to confirm its email', () => {
    expect(signInErrorMessage(apiError(403, 'email_not_verified'))).toBe('emailNotVerified');
  });

  it('asks to wait when rate limited', () => {
    expect(signInErrorMessage(apiError(429, 'rate_limited'))).toBe('rateLimited');
  });

  it('does not blame the password for other refusals, network or server failures', () => {
    expect(signInErrorMessage(apiError(403, 'invalid_origin'))).toBe('signInFailed');
    expect(signInErrorMessage(apiError(0, 'network_error'))).toBe('signInFailed');
    expect(signInErrorMessage(apiError(500, 'internal_error'))).toBe('signInFailed');
    expect(signInErrorMessage(new Error('boom'))).toBe('signInFailed');
  });
});

describe('signUpErrorMessage', () => {
  it('recognises an email address already in use', () => {
    expect(signUpErrorMessage(apiError(422, 'user_already_exists_use_another_email'))).toBe('emailInUse');
    expect(signUpErrorMessage(apiError(422, 'user_already_exists'))).toBe('emailInUse');
  });

  it('shows the generic failure for anything else but rate limiting', () => {
    expect(signUpErrorMessage(apiError(400, 'password_too_short'))).toBe('signUpFailed');
    expect(signUpErrorMessage(apiError(0, 'network_error'))).toBe('signUpFailed');
    expect(signUpErrorMessage(apiError(429, 'rate_limited'))).toBe('rateLimited');
  });
});

describe('password reset errors', () => {
  it('recognises an expired or unknown reset link', () => {
    expect(resetPasswordErrorMessage(apiError(400, 'invalid_token'))).toBe('invalidResetLink');
    expect(resetPasswordErrorMessage(apiError(400, 'password_too_short'))).toBe('requestFailed');
    expect(resetPasswordErrorMessage(apiError(429, 'rate_limited'))).toBe('rateLimited');
  });

  it('keeps the reset request neutral', () => {
    expect(passwordResetRequestErrorMessage(apiError(500, 'internal_error'))).toBe('requestFailed');
    expect(passwordResetRequestErrorMessage(apiError(429, 'rate_limited'))).toBe('rateLimited');
  });
});

describe('socialErrorKind', () => {
  it('reads invalid credentials or a provider problem as a configuration fault', () => {
    expect(socialErrorKind('Invalid login credentials')).toBe('misconfigured');
    expect(socialErrorKind('oauth_provider_not_found')).toBe('misconfigured');
    expect(socialErrorKind('invalid_client')).toBe('misconfigured');
  });

  it('reads anything else as a failure worth retrying', () => {
    expect(socialErrorKind('state_mismatch')).toBe('failed');
    expect(socialErrorKind('access_denied')).toBe('failed');
    expect(socialErrorKind(null)).toBe('failed');
  });
});
