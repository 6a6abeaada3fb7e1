import { AUTH_ERROR_PARAM, AUTH_PARAM } from './auth-url';
import type { SocialProvider } from './providers';

/**
 * Where a social sign-in comes back to: the page the visitor is on, and on failure the same page
 * with `?authError=<provider>` so that the modal reopens there with the right message. Both are
 * paths, the only targets the server accepts.
 */
export function socialCallbackUrls(pathname: string, search: string, provider: SocialProvider) {
  const params = new URLSearchParams(search);
  for (const name of [AUTH_PARAM, AUTH_ERROR_PARAM]) params.delete(name);
  const query = params.toString();
  params.set(AUTH_ERROR_PARAM, provider);
  return {
    callbackURL: query === '' ? pathname : `${pathname}?${query}`,
    errorCallbackURL: `${pathname}?${params.toString()}`,
  };
}
