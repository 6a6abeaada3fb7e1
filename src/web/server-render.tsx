import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import type { Language } from '../shared/constants.js';
import { loadSiteFooter } from './app/layout/app-layout';
import { loadPage } from './app/pages';
import { AppProviders } from './app/providers';
import type { InitialData } from './lib/initial-data';
import { setServerLocation, type Location } from './lib/router';
import { i18n } from './lib/translate';
import { resolvePage } from '../shared/pages.js';
import { setContentFallback } from './lib/use-localized';

/**
 * A storefront page's first paint, written by the server into its HTML (issue 21 §4: on a phone
 * the page showed nothing until the whole entry chunk had loaded and run). The browser then
 * hydrates it (main.tsx). The router, the translations and the content language are module
 * state, made for one reader per browser tab, so renders here run one after the other.
 */
let queue: Promise<unknown> = Promise.resolve();

/** A render still waiting by then (a lazy part that never loads) is given up, so the next one can run. */
const RENDER_TIMEOUT_MS = 2_000;

async function renderNow(location: Location, language: Language, data: InitialData): Promise<string> {
  // As the browser will: the page's code first, then one pass without a boundary around the page.
  await Promise.all([loadPage(resolvePage(location.pathname)), loadSiteFooter()]);
  setServerLocation(location);
  setContentFallback(data.settings?.default_language);
  if (data.messages) i18n.addCatalogue(language, data.messages.catalogue);
  i18n.changeLanguage(language);
  // A part that fails here would be drawn again by the browser, with an error in its console:
  // such a page goes out without a first screen instead (first-paint.ts).
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <AppProviders initialData={data} />
    </StrictMode>,
    {
      signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
      onError: (error) => void errors.push(error),
      // Every part in place: a large part would otherwise come after the rest, revealed by an
      // inline script, which the shop's Content-Security-Policy forbids.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  const html = await new Response(prelude).text();
  if (errors.length > 0) throw errors[0] instanceof Error ? errors[0] : new Error(String(errors[0]));
  return html;
}

export function renderPage(location: Location, language: Language, data: InitialData): Promise<string> {
  const result = queue.then(() => renderNow(location, language, data));
  queue = result.catch(() => undefined);
  return result;
}
