import { describe, expect, it } from 'vitest';
import { ApiError, errorCodeOf, toApiError } from './api-client';

describe('toApiError', () => {
  it('reads code, message and field errors from the server error shape', () => {
    const error = toApiError(400, 'Bad Request', {
      error: { code: 'invalid_input', message: 'Invalid input', fields: { email: 'Required', ignored: 3 } },
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.code).toBe('invalid_input');
    expect(error.message).toBe('Invalid input');
    expect(error.fields).toEqual({ email: 'Required' });
  });

  it('leaves fields undefined when the server sends none', () => {
    expect(
      toApiError(404, 'Not Found', { error: { code: 'not_found', message: 'Robot not found' } }).fields,
    ).toBeUndefined();
  });

  it('falls back to the status text when the body is not the error shape', () => {
    const error = toApiError(502, 'Bad Gateway', '<html>proxy error</html>');
    expect(error.code).toBe('http_error');
    expect(error.message).toBe('Bad Gateway');
  });

  it('names the status when there is no status text either', () => {
    expect(toApiError(500, '', undefined).message).toBe('HTTP 500');
  });
});

describe('errorCodeOf', () => {
  it('gives the code of a failed call, typed by the shared list; anything else is no code', () => {
    expect(errorCodeOf(new ApiError(409, 'file_unavailable', 'The robot file is not available yet.'))).toBe(
      'file_unavailable',
    );
    expect(errorCodeOf(new ApiError(422, 'user_already_exists_use_another_email', 'User already exists.'))).toBe(
      'user_already_exists_use_another_email',
    );
    // A code outside the list (the client's own network_error) matches no check; the list is a type only.
    expect(errorCodeOf(new ApiError(0, 'network_error', 'Failed to fetch'))).toBe('network_error');
    expect(errorCodeOf(new Error('file_unavailable'))).toBeNull();
  });
});
