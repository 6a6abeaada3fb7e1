import { Menu, X } from 'lucide-react';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountArea } from './account-area';
import { LanguageSwitch } from './language-switch';
import { useNavEntries } from './nav-entries';
import { NavLinks } from './nav-links';
import { SiteLogo } from './site-logo';
import { useMobileMenu } from './use-mobile-menu';

export function SiteHeader() {
  const { t } = useTranslation();
  const entries = useNavEntries();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menu = useMobileMenu(toggleRef);
  const menuId = useId();

  return (
    <header className="sticky top-0 z-40 border-b border-slate-800 bg-slate-950/95 backdrop-blur">
      <div className="page-container flex h-16 items-center gap-6">
        <SiteLogo />
        <nav aria-label={t('nav.mainLabel')} className="hidden lg:block">
          <NavLinks entries={entries} layout="bar" />
        </nav>
        <div className="ml-auto flex items-center gap-3">
          <LanguageSwitch className="hidden lg:flex" />
          <AccountArea />
          <button
            ref={toggleRef}
            type="button"
            aria-label={t('nav.menu')}
            aria-expanded={menu.open}
            aria-controls={menuId}
            onClick={menu.toggle}
            className="inline-flex size-11 items-center justify-center rounded-lg text-slate-200 hover:bg-slate-800 lg:hidden"
          >
            {menu.open ? <X aria-hidden="true" className="size-6" /> : <Menu aria-hidden="true" className="size-6" />}
          </button>
        </div>
      </div>
      <div id={menuId} hidden={!menu.open} className="border-t border-slate-800 lg:hidden">
        <nav aria-label={t('nav.mobileLabel')} className="page-container flex flex-col gap-4 py-4">
          <NavLinks entries={entries} layout="stack" onNavigate={menu.close} />
          <LanguageSwitch className="w-fit" />
        </nav>
      </div>
    </header>
  );
}
