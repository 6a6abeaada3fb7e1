import * as Dialog from '@radix-ui/react-dialog';
import { Menu, X } from 'lucide-react';
import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation';
import type { CurrentUser } from '../../../shared/schemas/users.js';
import { LoadingRegion } from '../../components/ui/loading-region';
import { useLocation } from '../../lib/router';
import { ErrorBoundary } from '../error-boundary';
import { AdminAccount, AdminSidebar } from './admin-sidebar';
import { SiteLogo } from './site-logo';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

/**
 * The phone's and tablet's navigation: a menu button in a slim top bar opens the side navigation
 * as a drawer (a modal dialog: focus stays inside, Escape and a tap outside close it). Following
 * a link closes it too, and so does any change of page.
 */
function MobileBar({ admin }: { admin: CurrentUser }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const [open, setOpen] = useState(false);
  const [seenLocation, setSeenLocation] = useState(pathname + search);
  // Adjusting state during render (not in an effect) closes the drawer in the same render as the new page.
  if (seenLocation !== pathname + search) {
    setSeenLocation(pathname + search);
    setOpen(false);
  }
  return (
    <header className="sticky top-0 z-40 flex h-14 items-center gap-3 border-b border-slate-800 bg-slate-950/95 px-2 backdrop-blur lg:hidden">
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Trigger
          aria-label={t('backOffice.shell.openMenu')}
          className="inline-flex size-11 items-center justify-center rounded-lg text-slate-200 hover:bg-slate-800"
        >
          <Menu aria-hidden="true" className="size-6" />
        </Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/80 backdrop-blur-sm lg:hidden" />
          <Dialog.Content className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] overflow-y-auto border-r border-slate-800 bg-slate-900 shadow-2xl lg:hidden">
            <Dialog.Title className="sr-only">{t('backOffice.shell.navigation')}</Dialog.Title>
            <Dialog.Description className="sr-only">{t('backOffice.shell.drawerDescription')}</Dialog.Description>
            <Dialog.Close
              aria-label={t('backOffice.shell.closeMenu')}
              className="absolute top-3 right-3 inline-flex size-10 items-center justify-center rounded-lg text-slate-400 hover:bg-slate-800 hover:text-white"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
            <AdminSidebar admin={admin} onNavigate={() => setOpen(false)} withAccount />
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
      <SiteLogo />
    </header>
  );
}

/**
 * The back office's own frame (issue 19 §3): a side navigation with every admin page instead of
 * the storefront's header, footer, newsletter form and chat button. From the `lg` width up the
 * navigation stays in view on the left and a top bar holds the account; below it, both are in a
 * drawer behind a menu button.
 */
export default function AdminShell({ admin, children }: { admin: CurrentUser; children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <div className="min-h-dvh lg:grid lg:grid-cols-[16rem_minmax(0,1fr)]">
      <SkipLink />
      <MobileBar admin={admin} />
      <aside className="sticky top-0 hidden h-dvh overflow-y-auto border-r border-slate-800 bg-slate-900/60 lg:block">
        <AdminSidebar admin={admin} />
      </aside>
      <div className="flex min-w-0 flex-col">
        <header className="sticky top-0 z-40 hidden h-16 items-center justify-end border-b border-slate-800 bg-slate-950/95 px-6 backdrop-blur lg:flex">
          <AdminAccount admin={admin} layout="bar" />
        </header>
        {/* tabIndex lets the skip link move focus here; the main region itself needs no outline. */}
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="min-w-0 flex-1 outline-none">
          <ErrorBoundary resetKey={pathname}>
            <Suspense fallback={<LoadingRegion />}>{children}</Suspense>
          </ErrorBoundary>
        </main>
      </div>
    </div>
  );
}
