import { describe, expect, it } from 'vitest';
import { readAuthUrlRequest } from './auth-url';

describe('readAuthUrlRequest', () => {
  it('ignores URLs that ask for nothing', () => {
    expect(readAuthUrlRequest('')).toBeNull();
    expect(readAuthUrlRequest('?robotId=42')).toBeNull();
  });

  it('opens the requested tab and drops the parameter', () => {
    expect(readAuthUrlRequest('?auth=signup&robotId=42')).toEqual({
      request: { view: 'signup' },
      search: '?robotId=42',
    });
    expect(readAuthUrlRequest('?auth=forgot')).toEqual({ request: { view: 'forgot' }, search: '' });
  });

  it('opens sign-in for any other value', () => {
    expect(readAuthUrlRequest('?auth=1')).toEqual({ request: { view: 'signin' }, search: '' });
  });

  it('reports a failed social sign-in with the error better-auth added', () => {
    expect(readAuthUrlRequest('?robotId=42&authError=google&error=invalid_client')).toEqual({
      request: { view: 'signin', socialError: { provider: 'google', error: 'invalid_client' } },
      search: '?robotId=42',
    });
    expect(readAuthUrlRequest('?authError=linkedin_oidc')).toEqual({
      request: { view: 'signin', socialError: { provider: 'linkedin_oidc', error: null } },
      search: '',
    });
  });

  it('passes on an unknown provider name as found (the modal decides) and still cleans the URL', () => {
    expect(readAuthUrlRequest('?authError=myspace&error=x')).toEqual({
      request: { view: 'signin', socialError: { provider: 'myspace', error: 'x' } },
      search: '',
    });
  });

  it("leaves another page's own error parameter alone", () => {
    expect(readAuthUrlRequest('?auth=signin&error=INVALID_TOKEN')).toEqual({
      request: { view: 'signin' },
      search: '?error=INVALID_TOKEN',
    });
  });
});
