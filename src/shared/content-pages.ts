import type { PageName } from './pages.js';

/**
 * The administrator-editable rich-text pages, by slug: the one list the server's routes, the
 * database's CHECK constraint (migration 0003) and the browser app all read. Adding a slug here
 * also needs a migration that widens that constraint.
 */
export const CONTENT_PAGE_SLUGS = [
  'copy_trade',
  'update',
  'terms',
  'privacy',
  'refund_policy',
  'risk_disclosure',
] as const;
export type ContentPageSlug = (typeof CONTENT_PAGE_SLUGS)[number];

/** The legal pages a shop selling trading software needs (DESIGN deviation 8). */
export const LEGAL_PAGE_SLUGS = [
  'terms',
  'privacy',
  'refund_policy',
  'risk_disclosure',
] as const satisfies readonly ContentPageSlug[];
export type LegalPageSlug = (typeof LEGAL_PAGE_SLUGS)[number];

/** The public page that shows each content page. */
export const contentPageNames = {
  copy_trade: 'CopyTrade',
  update: 'Update',
  terms: 'Terms',
  privacy: 'Privacy',
  refund_policy: 'RefundPolicy',
  risk_disclosure: 'RiskDisclosure',
} as const satisfies Record<ContentPageSlug, PageName>;

/** The content page a public page shows, if it shows one. */
export function contentPageSlugOf(page: PageName): ContentPageSlug | undefined {
  return CONTENT_PAGE_SLUGS.find((slug) => contentPageNames[slug] === page);
}

/** The spec's own back-office pages for its two pages (SPEC §2); any other page has the generic one. */
const specManagementPages: Partial<Record<ContentPageSlug, 'CopyTradeManagement' | 'UpdateManagement'>> = {
  copy_trade: 'CopyTradeManagement',
  update: 'UpdateManagement',
};

/**
 * Where a page is edited: `/CopyTradeManagement`, `/UpdateManagement`, or
 * `/PageManagement?slug=…` for every other slug, so the back office (its admin route, management
 * page and Admin menu entries) follows this list without further work.
 */
export function managementPathOf(slug: ContentPageSlug): string {
  const specPage = specManagementPages[slug];
  return specPage ? `/${specPage}` : `/PageManagement?slug=${encodeURIComponent(slug)}`;
}

export function isContentPageSlug(value: string | null | undefined): value is ContentPageSlug {
  return (CONTENT_PAGE_SLUGS as readonly string[]).includes(value ?? '');
}

/** 'refund_policy' -> 'Refund policy': a name for a page the catalogues do not name yet. */
export function humanizeSlug(slug: string): string {
  const words = slug.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
