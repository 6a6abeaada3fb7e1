import { QueryClient } from '@tanstack/react-query';
import { getBannersQueryOptions } from '../features/banners/api/get-banners';
import { getCategoriesQueryOptions } from '../features/catalogue/api/get-categories';
import { getRobotsQueryOptions } from '../features/catalogue/api/get-robots';
import { getRobotBySlugQueryOptions, getRobotQueryOptions } from '../features/catalogue/api/get-robot';
import { getPublicSettingsQueryOptions } from '../features/settings/api/get-public-settings';
import { ApiError } from '../lib/api-client';
import type { InitialData } from '../lib/initial-data';

/** Client errors (4xx) will not change on a second try; network and server errors might. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Catalogue and settings change rarely; a minute avoids refetching on every page switch.
        staleTime: 60_000,
        retry: shouldRetry,
      },
    },
  });
}

/**
 * Puts the data the server embedded in the page into the cache under the same keys the hooks
 * use, so the first render shows content instead of skeletons.
 */
export function seedQueryCache(queryClient: QueryClient, data: InitialData): void {
  if (data.settings) queryClient.setQueryData(getPublicSettingsQueryOptions().queryKey, data.settings);
  if (data.categories) queryClient.setQueryData(getCategoriesQueryOptions().queryKey, data.categories);
  if (data.robots) queryClient.setQueryData(getRobotsQueryOptions().queryKey, data.robots);
  if (data.banners) queryClient.setQueryData(getBannersQueryOptions().queryKey, data.banners);
  if (data.robot) {
    queryClient.setQueryData(getRobotQueryOptions(data.robot.id).queryKey, data.robot);
    queryClient.setQueryData(getRobotBySlugQueryOptions(data.robot.slug).queryKey, data.robot);
  }
}
