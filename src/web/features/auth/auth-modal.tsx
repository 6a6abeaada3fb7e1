import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { useLocation, useNavigate } from '../../lib/router';
import { readAuthUrlRequest, type AuthModalView, type AuthUrlRequest } from './auth-url';
import type { AuthNoticeKind } from './components/login-modal';

const loadLoginModal = () => import('./components/login-modal');
const LoginModal = lazy(loadLoginModal);
// In the dialog's chunk, which is already loaded whenever there is something to say.
const AuthNotice = lazy(() => loadLoginModal().then((module) => ({ default: module.AuthNotice })));

/** Starts fetching the modal's chunk early, e.g. when the pointer reaches the Sign In button. */
export function preloadLoginModal(): void {
  void loadLoginModal();
}

type AuthModal = {
  open: (view?: AuthModalView) => void;
  /** A short message at the bottom of the page, for what happened to the account. */
  notify: (notice: AuthNoticeKind) => void;
};

const AuthModalContext = createContext<AuthModal | null>(null);

/** Opens the sign-in / sign-up dialog from anywhere: `useAuthModal().open('signup')`. */
export function useAuthModal(): AuthModal {
  const authModal = useContext(AuthModalContext);
  if (authModal === null) throw new Error('useAuthModal must be used inside <AuthModalProvider>');
  return authModal;
}

/**
 * Holds whether the dialog is open, and opens it when the URL asks (`?auth=signin`, or a social
 * sign-in that came back with `?authError=<provider>`); those parameters are then removed so a
 * reload or a shared link does not reopen it.
 */
export function AuthModalProvider({ children }: { children: ReactNode }) {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const [request, setRequest] = useState<{ id: number; value: AuthUrlRequest } | null>(null);
  const [notice, setNotice] = useState<AuthNoticeKind | null>(null);
  const clearNotice = useCallback(() => setNotice(null), []);

  const fromUrl = useMemo(() => readAuthUrlRequest(search), [search]);
  const [seenSearch, setSeenSearch] = useState<string | null>(null);
  // Adjusting state during render (not in an effect) opens the dialog in the same render.
  if (fromUrl !== null && seenSearch !== search) {
    setSeenSearch(search);
    setRequest((current) => ({ id: (current?.id ?? 0) + 1, value: fromUrl.request }));
  }
  useEffect(() => {
    if (fromUrl !== null)
      void navigate({ pathname, search: fromUrl.search, hash }, { replace: true, preventScrollReset: true });
  }, [fromUrl, pathname, hash, navigate]);

  const authModal = useMemo<AuthModal>(
    () => ({
      open: (view = 'signin') => setRequest((current) => ({ id: (current?.id ?? 0) + 1, value: { view } })),
      notify: setNotice,
    }),
    [],
  );

  return (
    <AuthModalContext.Provider value={authModal}>
      {children}
      {request !== null && (
        <Suspense fallback={null}>
          <LoginModal
            key={request.id}
            request={request.value}
            onClose={(next) => {
              setRequest(null);
              setNotice(next ?? null);
            }}
          />
        </Suspense>
      )}
      {notice !== null && (
        <Suspense fallback={null}>
          <AuthNotice kind={notice} onDone={clearNotice} />
        </Suspense>
      )}
    </AuthModalContext.Provider>
  );
}
