import { clsx } from 'clsx';
import { useTranslation } from '../../lib/use-translation';
import { Link, useLocation } from '../../lib/router';
import { resolvePage } from '../../../shared/pages.js';
import type { NavEntry } from './nav-entries';

type NavLinksProps = {
  entries: readonly NavEntry[];
  layout: 'bar' | 'stack' | 'menu';
  /** Called after any entry is followed, e.g. to close the mobile menu even when the path stays the same. */
  onNavigate?: () => void;
};

export function NavLinks({ entries, layout, onNavigate }: NavLinksProps) {
  const { t } = useTranslation();
  const currentPage = resolvePage(useLocation().pathname);
  const linkClass = (active: boolean) =>
    clsx(
      'rounded-md font-medium transition-colors',
      {
        bar: 'px-3 py-2 text-sm whitespace-nowrap',
        stack: 'block px-3 py-3 text-base',
        menu: 'block px-3 py-2 text-sm',
      }[layout],
      active ? 'text-emerald-400' : 'text-slate-200 hover:bg-slate-800 hover:text-white',
    );

  return (
    <ul className={clsx(layout === 'bar' ? 'flex items-center gap-1' : 'flex flex-col gap-1')}>
      {entries.map((entry) => (
        <li key={entry.id}>
          {entry.kind === 'page' ? (
            <Link
              to={entry.href}
              aria-current={entry.page === currentPage ? 'page' : undefined}
              className={linkClass(entry.page === currentPage)}
              onClick={onNavigate}
            >
              {entry.label}
            </Link>
          ) : (
            <a
              href={entry.href}
              className={linkClass(false)}
              onClick={onNavigate}
              {...(entry.newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            >
              {entry.label}
              {entry.newTab && <span className="sr-only"> {t('a11y.opensInNewTab')}</span>}
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
