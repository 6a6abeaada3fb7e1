import { useEffect } from 'react';
import { useTranslation } from '../lib/use-translation';
import type { Language } from '../../shared/constants.js';
import { useLocation, useSearchParams } from '../lib/router';
import { useSignedInUser } from '../features/auth/use-current-user';
import { usePublicSettings } from '../features/settings/api/get-public-settings';
import { contentPageName } from './layout/admin-navigation';
import { pageComponents } from './pages';
import { isContentPageSlug } from '../../shared/content-pages.js';
import { documentTitle } from '../../shared/document-title.js';
import { resolvePage, type PageName } from '../../shared/pages.js';

/** Pages that name the document themselves once their data is known (a robot's page: its name). */
const pagesWithOwnTitle: ReadonlySet<PageName> = new Set(['RobotDetail']);

/**
 * The page's own name for the `<title>`, as the server writes it on a full load, made precise
 * where the server cannot know: the Dashboard is My Orders for a client, the administrator's
 * dashboard for an administrator; the page editor names the page it edits.
 */
function usePageTitle(page: PageName): string | undefined {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const [searchParams] = useSearchParams();
  if (page === 'Home') return undefined;
  if (page === 'Dashboard' && user?.isAdmin) return t('documentTitles.AdminDashboard');
  const slug = searchParams.get('slug');
  if (page === 'PageManagement' && isContentPageSlug(slug)) {
    return t('documentTitles.pageEditor', { name: contentPageName(slug, t) });
  }
  return (t('documentTitles', { returnObjects: true }) as Record<string, string>)[page];
}

/** The `<title>` after in-app navigation: "<page> | <shop's name>", the Home page the shop's own. */
function DocumentTitle({ page }: { page: PageName }) {
  const { t, i18n } = useTranslation();
  const settings = usePublicSettings().data;
  const title = usePageTitle(page);
  const tagline = t('brand.tagline');
  const language = i18n.language as Language;
  useEffect(() => {
    if (settings !== undefined && !pagesWithOwnTitle.has(page))
      document.title = documentTitle(title, settings, tagline, language);
  }, [page, title, settings, tagline, language]);
  return null;
}

/** Renders the page named by the URL's last path segment (SPEC §2 routing rule). */
export function CurrentPage() {
  const { pathname } = useLocation();
  const name = resolvePage(pathname);
  const Page = pageComponents[name];
  return (
    <>
      <DocumentTitle page={name} />
      <Page />
    </>
  );
}
