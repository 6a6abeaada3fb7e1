import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { useLocation } from '../../lib/router';
import { LoadingRegion } from '../../components/ui/loading-region';
import { useCurrentUser } from '../../features/auth/use-current-user';
import { ChatWidget } from '../../features/chat/components/chat-widget';
import { usePublicSettings } from '../../features/settings/api/get-public-settings';
import { resolvePage } from '../../../shared/pages.js';
import { ErrorBoundary } from '../error-boundary';
import { isPageLoaded } from '../pages';
import { useAdminDefaultLanguage } from '../use-admin-default-language';
import { isBackOfficePage } from './admin-navigation';
import { SiteHeader } from './site-header';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import { useScrollToTop } from './use-scroll-to-top';

/**
 * The footer (newsletter form, legal links) is below the fold on every page: it arrives in its own
 * chunk after the first render instead of weighing on the storefront's first load. Its place is
 * kept meanwhile, so the page's height does not jump when it comes.
 */
const importFooter = () => import('./site-footer').then((module) => ({ default: module.SiteFooter }));
const LazySiteFooter = lazy(importFooter);
let LoadedSiteFooter: ComponentType | null = null;

/**
 * For a page the server drew: the footer loaded before hydration, like the page (app/pages.ts),
 * so that it is drawn without a boundary and hydrated in the same pass as the rest.
 */
export async function loadSiteFooter(): Promise<void> {
  LoadedSiteFooter = (await importFooter()).default;
}
/** The back office's frame comes with the back office: visitors and clients never load it. */
const AdminShell = lazy(() => import('./admin-shell'));

/** The storefront's frame: header, the page, footer and chat button. */
function StorefrontLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { data: settings } = usePublicSettings();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <SiteHeader />
      {/* tabIndex lets the skip link move focus here; the main region itself needs no outline. */}
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 outline-none">
        <ErrorBoundary resetKey={pathname}>
          {/* A page loaded ahead (app/pages.ts, the page the server drew) needs no loading state. */}
          {isPageLoaded(resolvePage(pathname)) ? (
            children
          ) : (
            <Suspense fallback={<LoadingRegion />}>{children}</Suspense>
          )}
        </ErrorBoundary>
      </main>
      {LoadedSiteFooter ? (
        <LoadedSiteFooter />
      ) : (
        <Suspense fallback={<footer className="min-h-72 border-t border-slate-800 bg-slate-900/40" />}>
          <LazySiteFooter />
        </Suspense>
      )}
      <ChatWidget settings={settings} docked={resolvePage(pathname) === 'OrderForm'} />
    </div>
  );
}

/**
 * Administrators see the back-office pages in the admin shell; everything else (and those pages
 * for anyone else, who is sent Home by the page itself) in the storefront's frame. While the user
 * is still unknown on a back-office page, neither frame shows, so neither flashes.
 */
export function AppLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  useAdminDefaultLanguage();
  useScrollToTop();
  const backOffice = isBackOfficePage(resolvePage(pathname));
  // The loading state matters on back-office pages only: on the storefront the session's answer
  // does not render the whole frame again (use-current-user.ts).
  const session = useCurrentUser(backOffice);
  if (backOffice && session.isLoading) return <LoadingRegion />;
  if (backOffice && session.user?.isAdmin) {
    return (
      <Suspense fallback={<LoadingRegion />}>
        <AdminShell admin={session.user}>{children}</AdminShell>
      </Suspense>
    );
  }
  return <StorefrontLayout>{children}</StorefrontLayout>;
}
