import { robotSlugOfPath } from './robot-slug.js';

/**
 * Page routing of SPEC §2: the page is the last path segment, compared case-insensitively, and
 * anything unknown is Home. The query string is not part of the decision; it stays in the URL for
 * the page to read (`/OrderForm?robotId=…`). One address has two segments: a robot's page,
 * `/robots/<slug>` (issue 19 §4), which the SPEC's `/RobotDetail?robotId=…` redirects to.
 */
export const PAGES = [
  'Home',
  'RobotDetail',
  'OrderForm',
  'Dashboard',
  'FAQ',
  'CopyTrade',
  'Update',
  'RobotManagement',
  'CategoryManagement',
  'FAQManagement',
  'CopyTradeManagement',
  'UpdateManagement',
  'HeroBannerManagement',
  'NewsletterManagement',
  'UserManagement',
  'Settings',
  'ResetPassword',
  'Account',
  'Terms',
  'Privacy',
  'RefundPolicy',
  'RiskDisclosure',
  // Any content page without a page of its own in the spec (`?slug=`), and the activity log.
  'PageManagement',
  'Activity',
  // The licence of one of the client's orders (`?orderId=`), reached from My Orders.
  'OrderLicence',
  // One of the client's orders in full (`?orderId=`), reached from My Orders (issue 19 §5).
  'OrderDetail',
  // The owner's Licences page (issue 18 §2).
  'LicenceManagement',
  // Up to three robots side by side (`?robots=<id>,<id>`).
  'Compare',
] as const;
export type PageName = (typeof PAGES)[number];

const HOME: PageName = 'Home';
const pagesByLowerName = new Map<string, PageName>(PAGES.map((page) => [page.toLowerCase(), page]));

/** Accepts a pathname, or a path with query and hash: `/foo/Faq?x=1#top` -> 'FAQ'. */
export function resolvePage(path: string): PageName {
  if (robotSlugOfPath(path) !== null) return 'RobotDetail';
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  const lastSegment = pathname
    .split('/')
    .filter((segment) => segment !== '')
    .at(-1);
  if (lastSegment === undefined) return HOME;
  return pagesByLowerName.get(lastSegment.toLowerCase()) ?? HOME;
}

/** The canonical URL of a page, spelt as in the spec; Home is the site root. */
export function pagePath(page: PageName): string {
  return page === HOME ? '/' : `/${page}`;
}

/** The address of a page about one of the client's orders: its detail, or its licence. */
export function orderPagePath(page: Extract<PageName, 'OrderDetail' | 'OrderLicence'>, orderId: string): string {
  return `${pagePath(page)}?${new URLSearchParams({ orderId }).toString()}`;
}
