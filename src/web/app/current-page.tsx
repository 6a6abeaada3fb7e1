import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from '../lib/router';
import { usePublicSettings } from '../features/settings/api/get-public-settings';
import { pageComponents } from './pages';
import { documentTitle } from '../../shared/document-title.js';
import { resolvePage, type PageName } from '../../shared/pages.js';

/** Pages that name the document themselves once their data is known (a robot's page: its name). */
const pagesWithOwnTitle: ReadonlySet<PageName> = new Set(['RobotDetail']);

/** The `<title>` after in-app navigation, as the server writes it on a full load. */
function DocumentTitle({ page }: { page: PageName }) {
  const { t } = useTranslation();
  const settings = usePublicSettings().data;
  const titles = t('documentTitles', { returnObjects: true }) as Record<string, string>;
  const title = page === 'Home' ? undefined : titles[page];
  const tagline = t('brand.tagline');
  useEffect(() => {
    if (settings !== undefined && !pagesWithOwnTitle.has(page))
      document.title = documentTitle(title, settings, tagline);
  }, [page, title, settings, tagline]);
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
