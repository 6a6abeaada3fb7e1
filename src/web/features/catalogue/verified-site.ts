import type { VerifiedRecordSite } from '../../../shared/verified-record.js';

/**
 * The site to name on a robot's "verified elsewhere" link. The server accepted the address only
 * if it is a Myfxbook or MQL5 Signals record (shared/verified-record.ts checks it fully); the page
 * only names it, and shows no link for anything else. Kept apart from that module, which the back
 * office's schemas import, so that the robot page's chunk and the back office's stay apart.
 */
export function verifiedSiteOf(address: string | null): VerifiedRecordSite | null {
  if (!address || !URL.canParse(address)) return null;
  const { protocol, hostname } = new URL(address);
  if (protocol !== 'https:') return null;
  if (hostname === 'mql5.com' || hostname === 'www.mql5.com') return 'mql5';
  if (hostname === 'myfxbook.com' || hostname === 'www.myfxbook.com') return 'myfxbook';
  return null;
}
