import { useCallback, useEffect, useState, type RefObject } from 'react';
import { useLocation } from '../../lib/router';

/**
 * Open state of the mobile menu. It closes whenever the path changes (SPEC §2), and on Escape,
 * handing focus back to the toggle so keyboard users are not left on a hidden element.
 */
export function useMobileMenu(toggleRef: RefObject<HTMLButtonElement | null>) {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [seenPathname, setSeenPathname] = useState(pathname);

  // Adjusting state during render (not in an effect) closes the menu in the same render as the new page.
  if (seenPathname !== pathname) {
    setSeenPathname(pathname);
    setOpen(false);
  }

  const close = useCallback(() => setOpen(false), []);
  const toggle = useCallback(() => setOpen((value) => !value), []);

  useEffect(() => {
    if (!open) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, toggleRef]);

  return { open, close, toggle };
}
