import { describe, expect, it } from 'vitest';
import { SOCIAL_PROVIDERS, isSocialProvider, providerDisplayName, toBetterAuthProvider } from './providers';

describe('toBetterAuthProvider', () => {
  it("maps the interface's linkedin_oidc to better-auth's linkedin", () => {
    expect(toBetterAuthProvider('linkedin_oidc')).toBe('linkedin');
  });

  it('keeps every other provider name', () => {
    for (const provider of SOCIAL_PROVIDERS.filter((name) => name !== 'linkedin_oidc')) {
      expect(toBetterAuthProvider(provider)).toBe(provider);
    }
  });
});

describe('providerDisplayName', () => {
  it('names providers the way their owners spell them', () => {
    expect(providerDisplayName('github')).toBe('GitHub');
    expect(providerDisplayName('twitter')).toBe('X (Twitter)');
    expect(providerDisplayName('linkedin_oidc')).toBe('LinkedIn');
  });
});

describe('isSocialProvider', () => {
  it('accepts interface names only', () => {
    expect(isSocialProvider('apple')).toBe(true);
    expect(isSocialProvider('linkedin')).toBe(false);
    expect(isSocialProvider('')).toBe(false);
    expect(isSocialProvider(undefined)).toBe(false);
  });
});
