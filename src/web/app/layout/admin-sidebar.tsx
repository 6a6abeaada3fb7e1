import { clsx } from 'clsx';
import { LogOut, Store } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from '../../lib/use-translation';
import type { CurrentUser } from '../../../shared/schemas/users.js';
import { buttonClass } from '../../components/ui/button-classes';
import { useSignOut } from '../../features/auth/api/sign-out';
import { Link, useLocation } from '../../lib/router';
import { AdminNavIcon } from './admin-nav-icon';
import { adminNavGroups, adminNavigation, isCurrentAdminItem, type AdminNavGroup } from './admin-navigation';
import { LanguageSwitch } from './language-switch';
import { SiteLogo } from './site-logo';

type AdminSidebarProps = {
  admin: CurrentUser;
  /** Called after a link or Sign out is followed: the phone's drawer closes. */
  onNavigate?: () => void;
};

function NavGroup({ group, onNavigate }: { group: AdminNavGroup; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const headingId = useId();
  const currentRef = useRef<HTMLLIElement>(null);
  // On a short screen the list scrolls: the current page's entry is kept in view.
  // (A block body: newer browsers answer scrollIntoView with a promise, which React would take for a cleanup.)
  useEffect(() => {
    currentRef.current?.scrollIntoView({ block: 'nearest' });
  }, [pathname, search]);
  const items = adminNavigation.filter((item) => item.group === group);
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="px-3 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {t(`backOffice.shell.groups.${group}`)}
      </h2>
      <ul className="flex flex-col gap-0.5">
        {items.map((item) => {
          const current = isCurrentAdminItem(item, pathname, search);
          return (
            <li key={item.href} ref={current ? currentRef : undefined}>
              <Link
                to={item.href}
                aria-current={current ? 'page' : undefined}
                onClick={onNavigate}
                className={clsx(
                  'flex items-center gap-3 rounded-md px-3 py-1.5 text-sm font-medium transition-colors',
                  current ? 'bg-emerald-500/10 text-emerald-300' : 'text-slate-300 hover:bg-slate-800 hover:text-white',
                )}
              >
                <AdminNavIcon name={item.icon} />
                <span className="min-w-0 leading-snug">{item.label(t)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Who is signed in (their Account page), the language, the way back to the shop and Sign out. */
export function AdminAccount({ admin, layout, onNavigate }: AdminSidebarProps & { layout: 'bar' | 'stack' }) {
  const { t } = useTranslation();
  const { signOut, isSigningOut } = useSignOut();
  const stacked = layout === 'stack';
  return (
    <div className={clsx('flex gap-3', stacked ? 'flex-col' : 'min-w-0 items-center')}>
      <LanguageSwitch className={clsx('w-fit shrink-0', stacked && 'mx-3')} />
      <Link
        to="/"
        onClick={onNavigate}
        className="flex shrink-0 items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-slate-300 hover:bg-slate-800 hover:text-white"
      >
        <Store aria-hidden="true" className="size-4 shrink-0" />
        {t('backOffice.shell.backToShop')}
      </Link>
      <Link
        to="/Account"
        onClick={onNavigate}
        className={clsx(
          'flex min-w-0 flex-col rounded-md px-3 py-1.5 leading-tight hover:bg-slate-800',
          !stacked && 'text-right',
        )}
      >
        <span className="text-xs text-slate-500">{t('backOffice.shell.signedInAs')}</span>
        <span className="truncate text-sm font-semibold text-white">{admin.full_name || admin.email}</span>
        {admin.full_name && <span className="truncate text-xs text-slate-400">{admin.email}</span>}
      </Link>
      <button
        type="button"
        disabled={isSigningOut}
        onClick={() => {
          onNavigate?.();
          void signOut();
        }}
        className={buttonClass('secondary', stacked ? 'w-full' : 'h-9 shrink-0 px-3')}
      >
        <LogOut aria-hidden="true" className="size-4" />
        {t('auth.signOut')}
      </button>
    </div>
  );
}

/**
 * The back office's side navigation: the shop's mark and every admin page by section. The
 * phone's drawer adds the account block (`withAccount`), which a wide screen shows in its top bar.
 */
export function AdminSidebar({
  admin,
  onNavigate,
  withAccount = false,
}: AdminSidebarProps & { withAccount?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-full flex-col gap-5 p-4">
      <div className="flex flex-col gap-1 px-2">
        <SiteLogo />
        <span className="text-xs font-semibold tracking-wide text-emerald-400 uppercase">
          {t('backOffice.shell.title')}
        </span>
      </div>
      <nav aria-label={t('backOffice.shell.navigation')} className="flex flex-col gap-3">
        {adminNavGroups.map((group) => (
          <NavGroup key={group} group={group} onNavigate={onNavigate} />
        ))}
      </nav>
      {withAccount && (
        <div className="mt-auto border-t border-slate-800 pt-4">
          <AdminAccount admin={admin} layout="stack" onNavigate={onNavigate} />
        </div>
      )}
    </div>
  );
}
