import { useTranslation } from '../lib/use-translation';
import { contentPageSlugOf, LEGAL_PAGE_SLUGS } from '../../shared/content-pages.js';
import { resolvePage } from '../../shared/pages.js';
import { ContentPageView } from '../features/pages/components/content-page-view';
import { useLocation } from '../lib/router';

/** Terms, Privacy, Refund policy and Risk disclosure: one page for the four, chosen by the URL. */
export default function LegalPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const slug = contentPageSlugOf(resolvePage(pathname));
  const legal = LEGAL_PAGE_SLUGS.find((candidate) => candidate === slug) ?? 'terms';
  // Keyed by slug: moving from one legal page to another starts from a clean page.
  return <ContentPageView key={legal} slug={legal} defaultTitle={t(`legal.titles.${legal}`)} />;
}
