import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Robot } from '../../../../shared/schemas/catalogue.js';
import { apiGet, type RequestOptions } from '../../../lib/api-client';

export type RobotFilters = {
  /** A category key; without it every active robot is listed. */
  category?: string;
};

/** Active robots, newest first (the public endpoint's order). */
export function getRobots(filters: RobotFilters = {}, options?: RequestOptions): Promise<Robot[]> {
  const query = filters.category ? `?${new URLSearchParams({ category: filters.category }).toString()}` : '';
  return apiGet<Robot[]>(`/api/robots${query}`, options);
}

export function getRobotsQueryOptions(filters: RobotFilters = {}) {
  return queryOptions({
    queryKey: ['robots', filters],
    queryFn: ({ signal }) => getRobots(filters, { signal }),
  });
}

export function useRobots(filters: RobotFilters = {}) {
  return useQuery(getRobotsQueryOptions(filters));
}
