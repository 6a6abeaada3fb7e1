import { Menu, X } from 'lucide-react';
import { useId, useRef } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useSignedInUser } from '../../features/auth/use-current-user';
import { AccountArea } from './account-area';
import { AdminMenu } from './admin-menu';
import { LanguageSwitch } from './language-switch';
import { useAdminNavEntries, useNavEntries } from './nav-entries';
import { NavLinks } from './nav-links';
import { SiteLogo } from './site-logo';
import { useMobileMenu } from './use-mobile-menu';

export function SiteHeader() {
  const { t } = useTranslation();
  const entries = useNavEntries();
  const user = useSignedInUser();
  const adminEntries = useAdminNavEntries();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menu = useMobileMenu(toggleRef);
  const menuId = useId();
  const adminHeadingId = useId();

  return (
    <header className="sticky top-0 z-40 border-b border-slate-800 bg-slate-950/95 backdrop-blur">
      <div className="page-container flex h-16 items-center gap-4 sm:gap-6">
        <SiteLogo />
        <nav aria-label={t('nav.mainLabel')} className="hidden shrink-0 items-center gap-1 xl:flex">
          <NavLinks entries={entries} layout="bar" />
          {adminEntries.length > 0 && <AdminMenu entries={adminEntries} />}
        </nav>
        {/* Never squeezed: the shop's name (SiteLogo) is what gives way on a narrow screen. */}
        <div className="ml-auto flex shrink-0 items-center gap-3">
          <LanguageSwitch className="hidden shrink-0 xl:flex" />
          <AccountArea layout="bar" />
          <button
            ref={toggleRef}
            type="button"
            aria-label={t('nav.menu')}
            aria-expanded={menu.open}
            aria-controls={menuId}
            onClick={menu.toggle}
            className="inline-flex size-11 items-center justify-center rounded-lg text-slate-200 hover:bg-slate-800 xl:hidden"
          >
            {menu.open ? <X aria-hidden="true" className="size-6" /> : <Menu aria-hidden="true" className="size-6" />}
          </button>
        </div>
      </div>
      {/* Rendered only while open: a closed menu would duplicate every header entry in the page. */}
      <div
        id={menuId}
        hidden={!menu.open}
        className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-slate-800 xl:hidden"
      >
        {menu.open && (
          <nav aria-label={t('nav.mobileLabel')} className="page-container flex flex-col gap-4 py-4">
            <NavLinks entries={entries} layout="stack" onNavigate={menu.close} />
            {adminEntries.length > 0 && (
              <section aria-labelledby={adminHeadingId} className="border-t border-slate-800 pt-4">
                <h2
                  id={adminHeadingId}
                  className="px-3 pb-2 text-xs font-semibold tracking-wide text-slate-400 uppercase"
                >
                  {t('auth.adminMenu')}
                </h2>
                <NavLinks entries={adminEntries} layout="stack" onNavigate={menu.close} />
              </section>
            )}
            <LanguageSwitch className="w-fit" />
            {user !== null && (
              <div className="border-t border-slate-800 pt-4">
                <AccountArea layout="stack" onAction={menu.close} />
              </div>
            )}
          </nav>
        )}
      </div>
    </header>
  );
}
