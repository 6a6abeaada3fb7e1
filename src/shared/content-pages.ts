/**
 * The editable rich-text pages: the ONE list of their slugs. The public API, the admin route
 * `PUT /api/admin/pages/:slug`, the management page and the Admin menu all follow it, so adding
 * a page is one line here (plus its database check). Free of zod: the menu is in the entry chunk.
 */
export const contentPageSlugs = ['copy_trade', 'update'] as const;
export type ContentPageSlug = (typeof contentPageSlugs)[number];

/** The spec's own back-office pages for its two pages (SPEC §2); any other page has the generic one. */
const specManagementPages: Partial<Record<ContentPageSlug, 'CopyTradeManagement' | 'UpdateManagement'>> = {
  copy_trade: 'CopyTradeManagement',
  update: 'UpdateManagement',
};

/** Where a page is edited: `/CopyTradeManagement`, `/UpdateManagement`, or `/PageManagement?slug=…`. */
export function managementPathOf(slug: ContentPageSlug): string {
  const specPage = specManagementPages[slug];
  return specPage ? `/${specPage}` : `/PageManagement?slug=${encodeURIComponent(slug)}`;
}

export function isContentPageSlug(value: string | null | undefined): value is ContentPageSlug {
  return (contentPageSlugs as readonly string[]).includes(value ?? '');
}

/** 'refund_policy' -> 'Refund policy': a name for a page the catalogues do not name yet. */
export function humanizeSlug(slug: string): string {
  const words = slug.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
