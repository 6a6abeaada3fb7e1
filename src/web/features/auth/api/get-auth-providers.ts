import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, type RequestOptions } from '../../../lib/api-client';
import { isSocialProvider, type SocialProvider } from '../providers';

/** The social providers the administrator configured, under their interface names. */
export async function getAuthProviders(options?: RequestOptions): Promise<SocialProvider[]> {
  const { providers } = await apiGet<{ providers: string[] }>('/api/auth/providers', options);
  return providers.filter(isSocialProvider);
}

export function getAuthProvidersQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'providers'],
    queryFn: ({ signal }) => getAuthProviders({ signal }),
    // Server configuration: it changes on a restart at most.
    staleTime: Infinity,
  });
}

export function useAuthProviders() {
  return useQuery(getAuthProvidersQueryOptions());
}
