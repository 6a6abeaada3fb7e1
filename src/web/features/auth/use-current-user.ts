import { hashKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import type { CurrentUser } from '../../../shared/schemas/users.js';
import { getCurrentUserQueryOptions } from './api/get-current-user';

export type { CurrentUser };

export type CurrentUserState = {
  user: CurrentUser | null;
  /** True only until the first answer; later refetches keep showing the known user. */
  isLoading: boolean;
};

const sessionOptions = getCurrentUserQueryOptions();
const sessionHash = hashKey(sessionOptions.queryKey);

/**
 * The signed-in user (SPEC §3: the auth user merged with its profile, plus an isAdmin flag), or null,
 * and whether the session is still being asked for.
 *
 * `watchLoading: false` is for a component that shows the loading state only in some cases (the
 * layout, on back-office pages): it is then not rendered again when the session answers, and its
 * `isLoading` is only as fresh as its last render. The session's answer comes right after a
 * server-drawn page is hydrated, and on a phone every component it renders again lengthens that
 * task (decision 0030).
 */
export function useCurrentUser(watchLoading = true): CurrentUserState {
  // Every user of the hook keeps the session asked for, as before; only the ones that show the
  // loading state are told when it changes.
  const query = useQuery({ ...sessionOptions, notifyOnChangeProps: watchLoading ? ['data', 'isPending'] : [] });
  return { user: useSessionUser(), isLoading: query.isPending };
}

/**
 * Only the user, for the components that do not show the loading state (the header's links, the
 * page's title, Home): for a visitor the user is null before the session's answer and after it,
 * so the answer does not render them again.
 */
export function useSignedInUser(): CurrentUser | null {
  return useCurrentUser(false).user;
}

/** The user in the query cache, followed with `useSyncExternalStore`: a render only when it changes. */
function useSessionUser(): CurrentUser | null {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.query.queryHash === sessionHash) onChange();
      }),
    [queryClient],
  );
  const readUser = useCallback(
    () => queryClient.getQueryData<CurrentUser | null>(sessionOptions.queryKey) ?? null,
    [queryClient],
  );
  return useSyncExternalStore(subscribe, readUser, readUser);
}
