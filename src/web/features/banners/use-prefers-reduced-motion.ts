import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

function unknownOnServer(): boolean {
  return false;
}

/** Follows the system setting live, so turning it on stops the slide show at once. */
export function usePrefersReducedMotion(): boolean {
  // The server cannot know the setting; the browser corrects it right after hydration.
  return useSyncExternalStore(subscribe, () => window.matchMedia(QUERY).matches, unknownOnServer);
}
