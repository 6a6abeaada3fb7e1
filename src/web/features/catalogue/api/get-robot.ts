import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Robot } from '../../../../shared/schemas/catalogue.js';
import { apiGet, type RequestOptions } from '../../../lib/api-client';

/** One active robot; the server answers 404 for an unknown or inactive one. */
export function getRobot(robotId: string, options?: RequestOptions): Promise<Robot> {
  return apiGet<Robot>(`/api/robots/${encodeURIComponent(robotId)}`, options);
}

export function getRobotQueryOptions(robotId: string) {
  return queryOptions({
    queryKey: ['robot', robotId],
    queryFn: ({ signal }) => getRobot(robotId, { signal }),
  });
}

/** The robot as a catalogue list already loaded it (coming from Home), to show it at once. */
function fromLoadedLists(
  queryClient: QueryClient,
  matches: (robot: Robot) => boolean,
): { robot: Robot; updatedAt: number } | undefined {
  for (const [queryKey, robots] of queryClient.getQueriesData<Robot[]>({ queryKey: ['robots'] })) {
    const robot = robots?.find(matches);
    if (robot) return { robot, updatedAt: queryClient.getQueryState(queryKey)?.dataUpdatedAt ?? 0 };
  }
  return undefined;
}

export function useRobot(robotId: string) {
  const queryClient = useQueryClient();
  return useQuery({
    ...getRobotQueryOptions(robotId),
    enabled: robotId !== '',
    initialData: () => fromLoadedLists(queryClient, (robot) => robot.id === robotId)?.robot,
    initialDataUpdatedAt: () => fromLoadedLists(queryClient, (robot) => robot.id === robotId)?.updatedAt,
  });
}

/**
 * The active robot at `/robots/<slug>` (or whose address it was before a rename: the answer
 * carries its current slug). The server answers 404 for an unknown or inactive one.
 */
export function getRobotBySlug(slug: string, options?: RequestOptions): Promise<Robot> {
  return apiGet<Robot>(`/api/robots/by-slug/${encodeURIComponent(slug)}`, options);
}

/** Its own key prefix: `['robots', …]` holds lists, which fromLoadedLists reads as such. */
export function getRobotBySlugQueryOptions(slug: string) {
  return queryOptions({
    queryKey: ['robot-by-slug', slug],
    queryFn: ({ signal }) => getRobotBySlug(slug, { signal }),
  });
}

export function useRobotBySlug(slug: string) {
  const queryClient = useQueryClient();
  return useQuery({
    ...getRobotBySlugQueryOptions(slug),
    enabled: slug !== '',
    initialData: () => fromLoadedLists(queryClient, (robot) => robot.slug === slug)?.robot,
    initialDataUpdatedAt: () => fromLoadedLists(queryClient, (robot) => robot.slug === slug)?.updatedAt,
  });
}
