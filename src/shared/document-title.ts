/** What a page's `<title>` is made of: the shop's name and, for Home, its SEO title or tagline. */
export interface ShopTitles {
  /** The shop's name (setting site_name). */
  site_name: string;
  /** The owner's title for Home (setting seo_title); empty for the name and the tagline. */
  seo_title: string;
}

/**
 * The `<title>` of a page: its own name, then the shop's. Home carries the owner's SEO title, or
 * the shop's name with the tagline of the page's language when none is set. The server writes it
 * into the HTML and the browser app sets it after each in-app navigation, the same way.
 */
export function documentTitle(pageTitle: string | null | undefined, shop: ShopTitles, tagline: string): string {
  if (pageTitle) return `${pageTitle} | ${shop.site_name}`;
  return shop.seo_title.trim() || `${shop.site_name} — ${tagline}`;
}
