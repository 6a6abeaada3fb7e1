import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { toBetterAuthProvider, type SocialProvider } from '../providers';

export type SignInSocialInput = { provider: SocialProvider; callbackURL: string; errorCallbackURL: string };

/** Returns the provider's authorisation page; the browser goes there and comes back to callbackURL. */
export async function signInSocial({ provider, ...urls }: SignInSocialInput): Promise<string> {
  const { url } = await apiPost<{ url: string; redirect: boolean }>('/api/auth/sign-in/social', {
    provider: toBetterAuthProvider(provider),
    ...urls,
  });
  return url;
}

export function useSignInSocial() {
  return useMutation({
    mutationFn: signInSocial,
    onSuccess: (url) => {
      window.location.href = url;
    },
  });
}
