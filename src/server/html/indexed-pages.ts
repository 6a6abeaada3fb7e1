import type { PageName } from '../../shared/pages.js';

/**
 * Pages search engines should leave alone: the back office, a client's own pages and the password
 * reset form (reached only from an email, with its token). robots.txt
 * disallows them, and their head carries no language alternates (an alternate of a page not to
 * index would only invite a crawler to it).
 */
export const UNINDEXED_PAGES = [
  'Dashboard',
  'OrderForm',
  'RobotManagement',
  'CategoryManagement',
  'FAQManagement',
  'CopyTradeManagement',
  'UpdateManagement',
  'HeroBannerManagement',
  'NewsletterManagement',
  'UserManagement',
  'Settings',
  'Account',
  'OrderDetail',
  'OrderLicence',
  'LicenceManagement',
  'PageManagement',
  'Activity',
  'ResetPassword',
] as const satisfies readonly PageName[];

export function isIndexedPage(page: PageName): boolean {
  return !(UNINDEXED_PAGES as readonly PageName[]).includes(page);
}
