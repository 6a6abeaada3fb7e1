import { describe, expect, it } from 'vitest';
import { isKnownErrorCode } from './error-codes.js';

describe('the error codes', () => {
  it('knows the server’s codes and the better-auth codes the web app tells apart, nothing else', () => {
    expect(isKnownErrorCode('file_unavailable')).toBe(true);
    expect(isKnownErrorCode('validation_failed')).toBe(true);
    expect(isKnownErrorCode('user_already_exists_use_another_email')).toBe(true);
    expect(isKnownErrorCode('network_error')).toBe(false);
    expect(isKnownErrorCode('FILE_UNAVAILABLE')).toBe(false);
  });
});
