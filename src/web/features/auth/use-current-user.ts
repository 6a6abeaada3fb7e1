/** The signed-in user (SPEC §3: the auth user merged with its profile, plus an isAdmin flag). */
export type CurrentUser = {
  id: string;
  email: string;
  full_name: string | null;
  role: 'client' | 'admin';
  created_date: string;
  isAdmin: boolean;
};

export type CurrentUserState = {
  user: CurrentUser | null;
  isLoading: boolean;
};

const signedOut: CurrentUserState = { user: null, isLoading: false };

/**
 * TODO(accounts): seam for the accounts issue, which replaces this hook with one that loads the
 * session from the server (and may then take `CurrentUser` from src/shared/schemas/users.ts).
 * Until then every visitor is signed out: the catalogue shows 'Sign In Required' and
 * signed-in pages show their signed-out state.
 */
export function useCurrentUser(): CurrentUserState {
  return signedOut;
}
