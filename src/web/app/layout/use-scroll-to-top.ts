import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from '../../lib/router';

/**
 * A new page starts at the top. Back and forward (POP) are left to the browser's own scroll
 * restoration, and query-only changes (such as the catalogue filter, or the language switcher
 * rewriting `?lang=`) keep the position, whatever kind of navigation made them.
 */
export function useScrollToTop(): void {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
}
