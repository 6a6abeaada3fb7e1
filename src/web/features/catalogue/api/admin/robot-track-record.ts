import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminTrackRecord } from '../../../../../shared/schemas/track-record.js';
import { apiDelete, apiGet, type RequestOptions } from '../../../../lib/api-client';

const path = (robotId: string) => `/api/admin/robots/${encodeURIComponent(robotId)}/track-record`;

/** The data behind a robot's track record, with one page of its trades (newest closed first). */
export function getRobotTrackRecord(
  robotId: string,
  page: number,
  options?: RequestOptions,
): Promise<AdminTrackRecord> {
  return apiGet<AdminTrackRecord>(`${path(robotId)}?page=${page}`, options);
}

export function getRobotTrackRecordQueryOptions(robotId: string, page: number) {
  return queryOptions({
    queryKey: ['admin', 'robots', 'track-record', robotId, page],
    queryFn: ({ signal }) => getRobotTrackRecord(robotId, page, { signal }),
    staleTime: 0,
  });
}

export function useRobotTrackRecord(robotId: string, page: number) {
  return useQuery({ ...getRobotTrackRecordQueryOptions(robotId, page), placeholderData: keepPreviousData });
}

export type TrackRecordItem = 'cash-flows' | 'trades';

/** Deletes a wrong cash flow or trade; the server computes the figures again. */
export function deleteTrackRecordItem(robotId: string, kind: TrackRecordItem, itemId: string): Promise<void> {
  return apiDelete(`${path(robotId)}/${kind}/${encodeURIComponent(itemId)}`);
}

export function useDeleteTrackRecordItem(robotId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, itemId }: { kind: TrackRecordItem; itemId: string }) =>
      deleteTrackRecordItem(robotId, kind, itemId),
    // Every page of the tab: the figures and the lists change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'robots', 'track-record', robotId] }),
  });
}
