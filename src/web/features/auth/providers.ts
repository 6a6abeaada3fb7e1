/**
 * Social sign-in providers under the names the interface uses (SPEC §3). The server says which
 * ones are configured; the modal shows a button for those only (docs/decisions/0005).
 */
export const SOCIAL_PROVIDERS = [
  'google',
  'github',
  'facebook',
  'twitter',
  'microsoft',
  'discord',
  'linkedin_oidc',
  'apple',
] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** Brand names, the same in every language. */
const displayNames: Record<SocialProvider, string> = {
  google: 'Google',
  github: 'GitHub',
  facebook: 'Facebook',
  twitter: 'X (Twitter)',
  microsoft: 'Microsoft',
  discord: 'Discord',
  linkedin_oidc: 'LinkedIn',
  apple: 'Apple',
};

export function isSocialProvider(value: unknown): value is SocialProvider {
  return typeof value === 'string' && (SOCIAL_PROVIDERS as readonly string[]).includes(value);
}

export function providerDisplayName(provider: SocialProvider): string {
  return displayNames[provider];
}

/** better-auth calls LinkedIn `linkedin`; every other provider has the same id on both sides. */
export function toBetterAuthProvider(provider: SocialProvider): string {
  return provider === 'linkedin_oidc' ? 'linkedin' : provider;
}
