import { useEffect } from 'react';
import { useTranslation } from '../lib/use-translation';
import { useLocalized } from '../lib/use-localized';
import type { Language } from '../../shared/constants.js';
import { LoadingRegion } from '../components/ui/loading-region';
import { PageShell } from '../components/ui/page-shell';
import { preloadLoginModal, useAuthModal } from '../features/auth/auth-modal';
import { useCurrentUser } from '../features/auth/use-current-user';
import { useCategories } from '../features/catalogue/api/get-categories';
import { useRobot, useRobotBySlug } from '../features/catalogue/api/get-robot';
import { RobotDetailView } from '../features/catalogue/components/robot-detail-view';
import { TrialOffer } from '../features/orders/components/trial-offer';
import { ApiError } from '../lib/api-client';
import { Navigate, useLocation, useSearchParams } from '../lib/router';
import { usePublicSettings } from '../features/settings/api/get-public-settings';
import { documentTitle } from '../../shared/document-title.js';
import { robotPath, robotSlugOfPath } from '../../shared/robot-slug.js';
import { LoadError } from '../components/ui/load-error';

/** 404 for an unknown or inactive robot, 400 for an id the server cannot even read. */
function isMissingRobot(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/** SPEC §2: a missing robotId or an unknown robot sends the visitor Home; the message shows meanwhile. */
function RobotNotFound() {
  const { t } = useTranslation();
  return (
    <>
      <Navigate to="/" replace />
      <PageShell title={t('robotDetail.notFound')} />
    </>
  );
}

function RobotLoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <PageShell title={t('pages.robotDetail.title')}>
      <LoadError className="mt-6" message={t('robotDetail.loadError')} onRetry={onRetry} />
    </PageShell>
  );
}

/**
 * `/robots/<slug>` (issue 19 §4). The server embeds the robot in the page, so it usually shows at
 * once; it also redirects the SPEC address `/RobotDetail?robotId=…` and former slugs on a full
 * load. A link followed inside the app reaches them here: the page moves to the robot's address.
 */
export default function RobotDetailPage() {
  const { pathname, search } = useLocation();
  const [searchParams] = useSearchParams();
  const slug = robotSlugOfPath(pathname) ?? '';
  const robotId = slug === '' ? (searchParams.get('robotId')?.trim() ?? '') : '';
  const bySlug = useRobotBySlug(slug);
  const byId = useRobot(robotId);
  const robotQuery = slug === '' ? byId : bySlug;
  const categories = useCategories().data;
  const show = useLocalized();
  const { user, isLoading: isUserLoading } = useCurrentUser();
  const authModal = useAuthModal();
  const { t, i18n } = useTranslation();
  const settings = usePublicSettings().data;
  const pageTitle = robotQuery.data?.name ?? t('documentTitles.RobotDetail');
  const tagline = t('brand.tagline');
  const language = i18n.language as Language;
  // The robot's name, as the server titles the page on a full load.
  useEffect(() => {
    if (settings !== undefined) document.title = documentTitle(pageTitle, settings, tagline, language);
  }, [pageTitle, settings, tagline, language]);

  if ((slug === '' && robotId === '') || isMissingRobot(robotQuery.error)) return <RobotNotFound />;
  const robot = robotQuery.data;
  if (robot === undefined) {
    return robotQuery.isError ? <RobotLoadError onRetry={() => void robotQuery.refetch()} /> : <LoadingRegion />;
  }
  if (robot.slug !== slug) {
    const rest = new URLSearchParams(search);
    rest.delete('robotId');
    const query = rest.toString();
    return <Navigate to={`${robotPath(robot.slug)}${query ? `?${query}` : ''}`} replace />;
  }

  // The category's name in the reader's language (issue 19 §2).
  const category = categories?.find((candidate) => candidate.key === robot.category);
  const categoryName = category && show(category.name);
  return (
    <RobotDetailView
      robot={robot}
      categoryName={categoryName}
      access={{
        isLoading: isUserLoading,
        isSignedIn: user !== null,
        onSignIn: () => authModal.open('signin'),
        onSignInIntent: preloadLoginModal,
      }}
      trial={<TrialOffer robot={robot} isSignedIn={user !== null} onSignIn={() => authModal.open('signin')} />}
    />
  );
}
