import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('load', onChange);
  return () => window.removeEventListener('load', onChange);
}

function notYet(): boolean {
  return false;
}

/** True once the document and its images have loaded (the window's load event has fired). */
export function usePageLoaded(): boolean {
  // A page written by the server has not loaded yet when it is first shown.
  return useSyncExternalStore(subscribe, () => document.readyState === 'complete', notYet);
}
