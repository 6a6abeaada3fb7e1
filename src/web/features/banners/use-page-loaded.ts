import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('load', onChange);
  return () => window.removeEventListener('load', onChange);
}

/** True once the document and its images have loaded (the window's load event has fired). */
export function usePageLoaded(): boolean {
  return useSyncExternalStore(subscribe, () => document.readyState === 'complete');
}
