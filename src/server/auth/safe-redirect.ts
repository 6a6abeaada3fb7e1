/**
 * Whether a post-sign-in redirect target stays on our own site. Accepted: a path on our origin
 * ("/Dashboard?x=1") or an absolute URL with our exact origin. Refused: protocol-relative
 * ("//evil.example"), backslash tricks ("/\\evil.example", which browsers read as "//"), other
 * origins, and other schemes (javascript:, data:).
 *
 * The target is judged after the normalisation browsers and better-auth apply: "/.//evil.example"
 * and "/x/..//evil.example" resolve to the path "//evil.example", which a Location header sends
 * off-site, so a path must still not start with "//" once its dot segments are resolved.
 */
export function isSafeRedirect(target: string, ownOrigins: readonly string[]): boolean {
  if (target.length === 0 || target.length > 2048) return false;
  // Control characters and backslashes are normalised away by browsers in surprising ways.
  if (target.includes('\\') || [...target].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f))
    return false;
  const base = 'http://own-site.invalid';
  let resolved: URL;
  try {
    resolved = target.startsWith('/') ? new URL(target, base) : new URL(target);
  } catch {
    return false;
  }
  if (resolved.pathname.startsWith('//')) return false;
  return target.startsWith('/')
    ? resolved.origin === base && !target.startsWith('//')
    : ownOrigins.includes(resolved.origin);
}

/** Fields of better-auth requests that name where the browser goes next. */
export const redirectFields = ['callbackURL', 'errorCallbackURL', 'newUserCallbackURL', 'redirectTo'] as const;
