import { lazy, Suspense, type ReactNode } from 'react';
import { useLocation } from '../../lib/router';
import { LoadingRegion } from '../../components/ui/loading-region';
import { ChatWidget } from '../../features/chat/components/chat-widget';
import { usePublicSettings } from '../../features/settings/api/get-public-settings';
import { ErrorBoundary } from '../error-boundary';
import { useAdminDefaultLanguage } from '../use-admin-default-language';
import { SiteHeader } from './site-header';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import { useScrollToTop } from './use-scroll-to-top';

/**
 * The footer (newsletter form, legal links) is below the fold on every page: it arrives in its own
 * chunk after the first render instead of weighing on the storefront's first load. Its place is
 * kept meanwhile, so the page's height does not jump when it comes.
 */
const SiteFooter = lazy(() => import('./site-footer').then((module) => ({ default: module.SiteFooter })));

export function AppLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  useAdminDefaultLanguage();
  useScrollToTop();
  const { data: settings } = usePublicSettings();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <SiteHeader />
      {/* tabIndex lets the skip link move focus here; the main region itself needs no outline. */}
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 outline-none">
        <ErrorBoundary resetKey={pathname}>
          <Suspense fallback={<LoadingRegion />}>{children}</Suspense>
        </ErrorBoundary>
      </main>
      <Suspense fallback={<footer className="min-h-72 border-t border-slate-800 bg-slate-900/40" />}>
        <SiteFooter />
      </Suspense>
      <ChatWidget settings={settings} />
    </div>
  );
}
