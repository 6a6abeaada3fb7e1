/**
 * Whether a post-sign-in redirect target stays on our own site. Accepted: a path on our origin
 * ("/Dashboard?x=1") or an absolute URL with our exact origin. Refused: protocol-relative
 * ("//evil.example"), backslash tricks ("/\evil.example", which browsers read as "//"), other
 * origins, and other schemes (javascript:, data:).
 */
export function isSafeRedirect(target: string, ownOrigins: readonly string[]): boolean {
  if (target.length === 0 || target.length > 2048) return false;
  // Control characters and backslashes are normalised away by browsers in surprising ways.
  if (target.includes('\\') || [...target].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return false;
  if (target.startsWith('/')) return !target.startsWith('//');
  try {
    return ownOrigins.includes(new URL(target).origin);
  } catch {
    return false;
  }
}

/** Fields of better-auth requests that name where the browser goes next. */
export const redirectFields = ['callbackURL', 'errorCallbackURL', 'newUserCallbackURL', 'redirectTo'] as const;
