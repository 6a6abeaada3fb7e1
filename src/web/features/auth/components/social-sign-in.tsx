import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useLocation } from '../../../lib/router';
import { Alert } from '../../../components/ui/alert';
import { useAuthProviders } from '../api/get-auth-providers';
import { useSignInSocial } from '../api/sign-in-social';
import { socialErrorKind } from '../auth-errors';
import { socialCallbackUrls } from '../social-callback';
import { SOCIAL_PROVIDERS, isSocialProvider, providerDisplayName, type SocialProvider } from '../providers';

/** Kept as a key and a provider, not as text, so it follows a change of language. */
type SocialMessage = { key: 'providerMisconfigured' | 'providerFailed'; provider: SocialProvider };

/** What to tell a visitor coming back from a failed provider sign-in (SPEC §8). */
export function socialMessageFromUrl(
  error: { provider: string; error: string | null } | undefined,
): SocialMessage | null {
  if (error === undefined || !isSocialProvider(error.provider)) return null;
  const key = socialErrorKind(error.error) === 'misconfigured' ? 'providerMisconfigured' : 'providerFailed';
  return { key, provider: error.provider };
}

/**
 * A button for each provider the administrator has configured, and nothing at all when there is
 * none (DESIGN deviation 7; docs/decisions/0005): a shop shows only buttons that work. SPEC §8's
 * messages remain for a provider that fails or refuses, and its warning for a failed lookup.
 */
export function SocialSignIn({ initialMessage }: { initialMessage: SocialMessage | null }) {
  const { t } = useTranslation();
  const labelId = useId();
  const { pathname, search } = useLocation();
  const providers = useAuthProviders();
  const signIn = useSignInSocial();
  const [message, setMessage] = useState<SocialMessage | null>(initialMessage);
  // Stays disabled after success too: the browser is on its way to the provider.
  const busy = signIn.isPending || signIn.isSuccess;

  const configured = SOCIAL_PROVIDERS.filter((provider) => providers.data?.includes(provider));
  if (!providers.isError && configured.length === 0 && message === null) return null;

  function choose(provider: SocialProvider) {
    setMessage(null);
    signIn.mutate(
      { provider, ...socialCallbackUrls(pathname, search, provider) },
      { onError: () => setMessage({ key: 'providerFailed', provider }) },
    );
  }

  return (
    <div role="group" aria-labelledby={labelId} className="flex flex-col gap-3">
      <div className="flex items-center gap-3 text-xs tracking-wide text-slate-500 uppercase" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-800" />
        {t('auth.social.divider')}
        <span className="h-px flex-1 bg-slate-800" />
      </div>
      <p id={labelId} className="text-sm font-medium text-slate-300">
        {t('auth.social.label')}
      </p>
      {providers.isError && <Alert tone="warning">{t('auth.messages.providersUnavailable')}</Alert>}
      {message && (
        <Alert tone="error">
          {t(`auth.messages.${message.key}`, { provider: providerDisplayName(message.provider) })}
        </Alert>
      )}
      <div className="grid grid-cols-2 gap-2">
        {configured.map((provider) => (
          <button
            key={provider}
            type="button"
            disabled={busy}
            onClick={() => choose(provider)}
            className="h-10 rounded-lg border border-slate-700 bg-slate-950 px-3 text-sm font-medium text-slate-100 transition-colors hover:border-slate-500 hover:bg-slate-800 disabled:cursor-not-allowed disabled:opacity-60"
          >
            {providerDisplayName(provider)}
          </button>
        ))}
      </div>
    </div>
  );
}
