import { useEffect } from 'react';
import { useLocation, useNavigationType } from '../../lib/router';

/**
 * A new page starts at the top. Back and forward (POP) are left to the browser's own scroll
 * restoration, and query-only changes (such as the catalogue filter) keep the position.
 */
export function useScrollToTop(): void {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
}
