/**
 * A robot's record verified by a third party (issue 20 §4): an https address of a Myfxbook
 * account or an MQL5 Signals signal. The host is matched exactly (no look-alike or sub-domain of
 * another site, no credentials, no port), so a "verified elsewhere" link always leads where it
 * says. Kept apart from the catalogue schemas so that the robot page can name the site without
 * loading the back office's schemas.
 */

export type VerifiedRecordSite = 'myfxbook' | 'mql5';

const sitesByHost: Record<string, VerifiedRecordSite> = {
  'myfxbook.com': 'myfxbook',
  'www.myfxbook.com': 'myfxbook',
  'mql5.com': 'mql5',
  'www.mql5.com': 'mql5',
};

/** Where each site keeps a record: a Myfxbook member or portfolio page, an MQL5 signal (by number). */
const recordPaths: Record<VerifiedRecordSite, RegExp> = {
  myfxbook: /^\/(?:members|portfolio)\/[^/]+/,
  mql5: /^\/(?:[a-z]{2}\/)?signals\/\d+(?:\/|$)/,
};

export const VERIFIED_RECORD_URL_MAX = 500;

/** The site of a verified record's address, or null when the address is not one. */
export function verifiedRecordSite(address: string): VerifiedRecordSite | null {
  if (address.length > VERIFIED_RECORD_URL_MAX || /\s/.test(address) || !URL.canParse(address)) return null;
  const url = new URL(address);
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '' || url.port !== '') return null;
  const site = sitesByHost[url.hostname];
  return site && recordPaths[site].test(url.pathname) ? site : null;
}
