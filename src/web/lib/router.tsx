import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';

/**
 * The browser history as React state, and the few router parts the app uses (see
 * docs/decisions/0004-own-history-router-and-embedded-messages.md): pages are chosen by the last path segment
 * (SPEC §2), so no route matching is needed, and a full router would cost a large share of the
 * storefront's JavaScript budget.
 */

export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
}

export type To = string | Partial<Location>;

export interface NavigateOptions {
  replace?: boolean;
  /** Accepted for compatibility; query-only changes never scroll in this app (see useScrollToTop). */
  preventScrollReset?: boolean;
}

const listeners = new Set<() => void>();
let lastNavigation: NavigationType = 'POP';
// On the server (a page's first paint written into its HTML) there is no window: the page's
// address is given by `setServerLocation` before each render.
let snapshot: Location = typeof window === 'undefined' ? { pathname: '/', search: '', hash: '' } : readLocation();

function readLocation(): Location {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash };
}

/** The address a server render shows; renders are synchronous, so one at a time. */
export function setServerLocation(location: Location): void {
  snapshot = location;
}

function getSnapshot(): Location {
  return snapshot;
}

function notify(type: NavigationType) {
  lastNavigation = type;
  const next = readLocation();
  if (next.pathname !== snapshot.pathname || next.search !== snapshot.search || next.hash !== snapshot.hash)
    snapshot = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function toHref(to: To): string {
  if (typeof to === 'string') return to;
  const current = window.location;
  return `${to.pathname ?? current.pathname}${to.search ?? ''}${to.hash ?? ''}`;
}

export function navigate(to: To | number, options: NavigateOptions = {}): void {
  if (typeof to === 'number') {
    window.history.go(to);
    return;
  }
  const href = toHref(to);
  if (options.replace) window.history.replaceState(null, '', href);
  else window.history.pushState(null, '', href);
  notify(options.replace ? 'REPLACE' : 'PUSH');
}

const RouterContext = createContext<{ location: Location; navigationType: NavigationType } | null>(null);

export function BrowserRouter({ children }: { children: ReactNode }) {
  const location = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  useEffect(() => {
    const onPopState = () => notify('POP');
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);
  const value = useMemo(() => ({ location, navigationType: lastNavigation }), [location]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

function useRouter() {
  const router = useContext(RouterContext);
  if (!router) throw new Error('router hooks must be used inside <BrowserRouter>');
  return router;
}

export function useLocation(): Location {
  return useRouter().location;
}

export function useNavigationType(): NavigationType {
  return useRouter().navigationType;
}

export function useNavigate(): typeof navigate {
  return navigate;
}

type SearchParamsUpdate = URLSearchParams | ((previous: URLSearchParams) => URLSearchParams);

export function useSearchParams(): [URLSearchParams, (update: SearchParamsUpdate, options?: NavigateOptions) => void] {
  const { search } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback((update: SearchParamsUpdate, options?: NavigateOptions) => {
    const next = typeof update === 'function' ? update(new URLSearchParams(window.location.search)) : update;
    const query = next.toString();
    navigate({ search: query ? `?${query}` : '', hash: window.location.hash }, options);
  }, []);
  return [params, setParams];
}

export function Navigate({ to, replace }: { to: To; replace?: boolean }) {
  useEffect(() => navigate(to, { replace }), [to, replace]);
  return null;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: To; replace?: boolean };

/** An ordinary link that changes page without reloading; modified clicks keep the browser's behaviour. */
export function Link({ to, replace, onClick, target, ...rest }: LinkProps) {
  const href = toHref(to);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const plainClick = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
    if (event.defaultPrevented || !plainClick || (target && target !== '_self')) return;
    event.preventDefault();
    navigate(href, { replace });
  };
  return <a href={href} target={target} onClick={handleClick} {...rest} />;
}
