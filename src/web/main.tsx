import { timeoutManager } from '@tanstack/react-query';
import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { loadSiteFooter } from './app/layout/app-layout';
import { loadPage } from './app/pages';
import { AppProviders } from './app/providers';
import { coalescedTimeouts } from './lib/coalesced-timeouts';
import { initI18n } from './lib/i18n';
import { readInitialData } from './lib/initial-data';
import { nextTask } from './lib/next-task';
import { i18n } from './lib/translate';
import { resolvePage } from '../shared/pages.js';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root">');

const drawnByServer = root.firstElementChild !== null;

// Before any query exists: TanStack Query's timeouts share browser timers (lib/coalesced-timeouts.ts).
timeoutManager.setTimeoutProvider(coalescedTimeouts());

/**
 * The server marks the page it drew `inert` (page-shell.ts): until the app has taken it over, a
 * click or a form would do nothing or the browser's own thing (a newsletter form sent as a GET).
 * A parent's effect runs after its children's: this one once the whole page is hydrated. It wraps
 * the app rather than sitting beside it, which would change the ids `useId` gives.
 */
function Interactive({ children }: { children: ReactNode }) {
  useEffect(() => root?.removeAttribute('inert'), []);
  return children;
}

/**
 * The app's start, one step per task (docs/decisions/0030-hydration-in-short-tasks.md): evaluating
 * the entry's modules is a task of its own already, and on a phone every task over 50 ms blocks
 * the page (Lighthouse's Total Blocking Time). So the page's chunks are asked for, the embedded
 * data read and the language chosen each in a task after it, and hydration, which yields by
 * itself, starts in another.
 */
async function start(root: HTMLElement): Promise<void> {
  await nextTask();
  // A page the server drew is hydrated in one pass, its code loaded first (app/pages.ts). Asked
  // for first, so that they download while the steps below run.
  const chunks = drawnByServer
    ? Promise.all([loadPage(resolvePage(window.location.pathname)), loadSiteFooter()])
    : undefined;
  await nextTask();
  const initialData = readInitialData();
  await nextTask();
  await initI18n(initialData.settings?.default_language, initialData.messages);
  await chunks;
  await nextTask();
  const app = (
    <StrictMode>
      <Interactive>
        <AppProviders initialData={initialData} />
      </Interactive>
    </StrictMode>
  );
  // The server drew Home and a robot's page in the language of its embedded strings
  // (server/html/first-paint.ts, decision 0024): the app takes that over. A reader whose own
  // choice of language differs gets the page drawn afresh. As a transition, hydration yields to the
  // browser every few milliseconds instead of holding the main thread for the whole page; the page
  // is already on screen meanwhile.
  if (drawnByServer && i18n.language === initialData.messages?.lang) startTransition(() => void hydrateRoot(root, app));
  else {
    root.replaceChildren();
    createRoot(root).render(app);
  }
}

void start(root);
