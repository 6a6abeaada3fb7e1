import type { CurrentUser } from '../../../shared/schemas/users.js';
import { useCurrentUserQuery } from './api/get-current-user';

export type { CurrentUser };

export type CurrentUserState = {
  user: CurrentUser | null;
  /** True only until the first answer; later refetches keep showing the known user. */
  isLoading: boolean;
};

/** The signed-in user (SPEC §3: the auth user merged with its profile, plus an isAdmin flag), or null. */
export function useCurrentUser(): CurrentUserState {
  const { data, isPending } = useCurrentUserQuery();
  return { user: data ?? null, isLoading: isPending };
}
