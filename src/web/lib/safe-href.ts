const allowedProtocols = new Set(['http:', 'https:', 'mailto:']);

/**
 * An administrator-entered link that is safe to put in an href: absolute http(s) or mailto only.
 * Anything else (javascript:, data:, relative or malformed) yields null and the link is not shown.
 */
export function safeExternalHref(url: string | null | undefined): string | null {
  const trimmed = url?.trim();
  if (!trimmed) return null;
  try {
    return allowedProtocols.has(new URL(trimmed).protocol) ? trimmed : null;
  } catch {
    return null;
  }
}

export function isWebLink(href: string): boolean {
  return /^https?:/i.test(href);
}
