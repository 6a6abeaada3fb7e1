import type { TFunction } from 'i18next';
import {
  CONTENT_PAGE_SLUGS,
  humanizeSlug,
  managementPathOf,
  type ContentPageSlug,
} from '../../../shared/content-pages.js';
import { resolvePage, type PageName } from '../../../shared/pages.js';

/** The back office's side navigation is in these sections, in this order. */
export const adminNavGroups = ['sales', 'catalogue', 'content', 'customers', 'shop'] as const;
export type AdminNavGroup = (typeof adminNavGroups)[number];

/**
 * Each entry's icon, by name: the storefront's header lists the same entries in its Admin menu,
 * and names keep the icons themselves in the back office's chunk (admin-nav-icon.tsx). An entry
 * may name an icon the shell does not draw yet: it gets a neutral one.
 */
export type AdminNavIcon =
  | 'dashboard'
  | 'licences'
  | 'robots'
  | 'categories'
  | 'banners'
  | 'faqs'
  | 'page'
  | 'users'
  | 'newsletter'
  | 'settings'
  | 'activity';

export type AdminNavItem = {
  /** A page of `shared/pages.ts`, with its query when several entries share a page (`/PageManagement?slug=terms`). */
  href: string;
  label: (t: TFunction) => string;
  group: AdminNavGroup;
  icon: AdminNavIcon;
};

/** A content page's name: the catalogues name the spec's pages under backOffice, the legal pages under legal.titles. */
export function contentPageName(slug: ContentPageSlug, t: TFunction): string {
  return t(
    [`backOffice.pages.names.${slug}`, `legal.titles.${slug}`] as unknown as 'backOffice.pages.names.copy_trade',
    {
      defaultValue: humanizeSlug(slug),
    },
  );
}

function contentPageLabel(slug: ContentPageSlug, t: TFunction): string {
  if (slug === 'copy_trade') return t('admin.copyTradeManagement.title');
  if (slug === 'update') return t('admin.updateManagement.title');
  return t('backOffice.pages.menuEntry', { name: contentPageName(slug, t) });
}

/** One entry per editable page of the slug list: the spec's two, and any page added to it. */
const contentPages = CONTENT_PAGE_SLUGS.map((slug): AdminNavItem => ({
  href: managementPathOf(slug),
  label: (t) => contentPageLabel(slug, t),
  group: 'content',
  icon: 'page',
}));

/**
 * Every back-office page, once: the side navigation of the admin shell and the storefront
 * header's Admin menu both list these, in this order, and a page listed here opens in the admin
 * shell. A new admin page is one line here (and its page in `shared/pages.ts` and `app/pages.ts`).
 */
export const adminNavigation: readonly AdminNavItem[] = [
  { href: '/Dashboard', label: (t) => t('pages.dashboard.adminTitle'), group: 'sales', icon: 'dashboard' },
  { href: '/RobotManagement', label: (t) => t('admin.robotManagement.title'), group: 'catalogue', icon: 'robots' },
  {
    href: '/CategoryManagement',
    label: (t) => t('admin.categoryManagement.title'),
    group: 'catalogue',
    icon: 'categories',
  },
  { href: '/FAQManagement', label: (t) => t('admin.faqManagement.title'), group: 'content', icon: 'faqs' },
  ...contentPages,
  {
    href: '/HeroBannerManagement',
    label: (t) => t('admin.heroBannerManagement.title'),
    group: 'content',
    icon: 'banners',
  },
  { href: '/UserManagement', label: (t) => t('admin.userManagement.title'), group: 'customers', icon: 'users' },
  { href: '/LicenceManagement', label: (t) => t('adminLicences.title'), group: 'sales', icon: 'licences' },
  {
    href: '/NewsletterManagement',
    label: (t) => t('admin.newsletterManagement.title'),
    group: 'customers',
    icon: 'newsletter',
  },
  { href: '/Settings', label: (t) => t('admin.settings.title'), group: 'shop', icon: 'settings' },
  { href: '/Activity', label: (t) => t('backOffice.activity.title'), group: 'shop', icon: 'activity' },
];

const backOfficePages: ReadonlySet<PageName> = new Set(adminNavigation.map((item) => resolvePage(item.href)));

/**
 * Pages that open in the admin shell for an administrator. The Dashboard is among them: for a
 * client the same address is My Orders, in the storefront's layout.
 */
export function isBackOfficePage(page: PageName): boolean {
  return backOfficePages.has(page);
}

/**
 * Whether `item` is the page at this location: by page name, and by query too for entries that
 * share a page (the legal pages' editor).
 */
export function isCurrentAdminItem(item: AdminNavItem, pathname: string, search: string): boolean {
  if (resolvePage(item.href) !== resolvePage(pathname)) return false;
  const query = item.href.split('?')[1];
  if (query === undefined) return true;
  const wanted = new URLSearchParams(query);
  const actual = new URLSearchParams(search);
  return [...wanted].every(([key, value]) => actual.get(key) === value);
}
