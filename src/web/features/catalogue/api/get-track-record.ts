import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import type { TrackRecord } from '../../../../shared/schemas/track-record.js';
import { apiGet, type RequestOptions } from '../../../lib/api-client';

/** A robot's track record (decision 0019): figures, monthly returns, growth curve, cash flows. */
export function getTrackRecord(robotId: string, options?: RequestOptions): Promise<TrackRecord> {
  return apiGet<TrackRecord>(`/api/robots/${encodeURIComponent(robotId)}/track-record`, options);
}

export function getTrackRecordQueryOptions(robotId: string) {
  return queryOptions({
    queryKey: ['robot', robotId, 'track-record'],
    queryFn: ({ signal }) => getTrackRecord(robotId, { signal }),
  });
}

export function useTrackRecord(robotId: string) {
  return useQuery(getTrackRecordQueryOptions(robotId));
}

/** Kept at module level: TanStack Query then reuses the combined result while no query changes. */
function combineTrackRecords(results: ReadonlyArray<{ data: TrackRecord | undefined; isPending: boolean }>) {
  return { records: results.map((result) => result.data), isPending: results.some((result) => result.isPending) };
}

/** Several robots' track records at once (the comparison), in the order of `robotIds`. */
export function useTrackRecords(robotIds: readonly string[]) {
  return useQueries({
    queries: robotIds.map((robotId) => getTrackRecordQueryOptions(robotId)),
    combine: combineTrackRecords,
  });
}
