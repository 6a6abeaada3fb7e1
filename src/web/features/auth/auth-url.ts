/** What the modal opens on. 'forgot' is the sign-in tab's password reset request. */
export type AuthModalView = 'signin' | 'signup' | 'forgot';

/** `?auth=signin|signup|forgot` opens the modal: a link from anywhere, even from a server page, can ask for it. */
export const AUTH_PARAM = 'auth';
/** Added by us to the social sign-in's error address: which provider failed. */
export const AUTH_ERROR_PARAM = 'authError';
/** Added by better-auth to that address: what went wrong. */
export const PROVIDER_ERROR_PARAM = 'error';

export type AuthUrlRequest = {
  view: AuthModalView;
  /** `provider` is as found in the URL; the modal checks it is one of ours before naming it. */
  socialError?: { provider: string; error: string | null };
};

function toView(value: string): AuthModalView {
  return value === 'signup' || value === 'forgot' ? value : 'signin';
}

/**
 * Reads a request to open the modal from the query string, and the query string to keep once it
 * is handled. Returns null when the URL asks for nothing. `error` is only ours to remove next to
 * `authError`: other pages (the password reset page) have an `error` parameter of their own.
 */
export function readAuthUrlRequest(search: string): { request: AuthUrlRequest; search: string } | null {
  const params = new URLSearchParams(search);
  const view = params.get(AUTH_PARAM);
  const failedProvider = params.get(AUTH_ERROR_PARAM);
  if (view === null && failedProvider === null) return null;

  const request: AuthUrlRequest =
    failedProvider === null
      ? { view: toView(view ?? '') }
      : { view: 'signin', socialError: { provider: failedProvider, error: params.get(PROVIDER_ERROR_PARAM) } };
  params.delete(AUTH_PARAM);
  if (failedProvider !== null) {
    params.delete(AUTH_ERROR_PARAM);
    params.delete(PROVIDER_ERROR_PARAM);
  }
  const rest = params.toString();
  return { request, search: rest === '' ? '' : `?${rest}` };
}
