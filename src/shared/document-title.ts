/**
 * The `<title>` of a page: its own name, then the shop's (the SEO title setting). The server
 * writes it into the HTML and the browser app sets it after each in-app navigation, the same way.
 * Home carries the shop's title alone.
 */
export function documentTitle(pageTitle: string | null | undefined, siteTitle: string): string {
  return pageTitle ? `${pageTitle} | ${siteTitle}` : siteTitle;
}
