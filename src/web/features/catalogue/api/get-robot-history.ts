import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RobotStatsHistoryPoint } from '../../../../shared/schemas/catalogue.js';
import { apiGet, type RequestOptions } from '../../../lib/api-client';

/** The robot's recorded statistics, oldest first; empty until stats have been reported. */
export function getRobotHistory(robotId: string, options?: RequestOptions): Promise<RobotStatsHistoryPoint[]> {
  return apiGet<RobotStatsHistoryPoint[]>(`/api/robots/${encodeURIComponent(robotId)}/history`, options);
}

export function getRobotHistoryQueryOptions(robotId: string) {
  return queryOptions({
    queryKey: ['robot', robotId, 'history'],
    queryFn: ({ signal }) => getRobotHistory(robotId, { signal }),
  });
}

export function useRobotHistory(robotId: string) {
  return useQuery(getRobotHistoryQueryOptions(robotId));
}
