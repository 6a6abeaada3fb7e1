import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { TrackRecord } from '../../../../shared/schemas/track-record.js';
import { apiGet, type RequestOptions } from '../../../lib/api-client';
import { MAX_COMPARED } from '../compare-selection';

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

/** `enabled`: false until the record is wanted (the robot page asks when the reader comes near it). */
export function useTrackRecord(robotId: string, enabled = true) {
  return useQuery({ ...getTrackRecordQueryOptions(robotId), enabled });
}

/**
 * The track records of the robots compared (at most MAX_COMPARED), in the order of `robotIds`.
 * One query per slot rather than useQueries, whose observer would join the first-load chunk that
 * holds TanStack Query (vite.config.ts) for the sake of one page.
 */
export function useTrackRecords(robotIds: readonly string[]) {
  const slots = [
    useQuery({ ...getTrackRecordQueryOptions(robotIds[0] ?? ''), enabled: robotIds[0] !== undefined }),
    useQuery({ ...getTrackRecordQueryOptions(robotIds[1] ?? ''), enabled: robotIds[1] !== undefined }),
    useQuery({ ...getTrackRecordQueryOptions(robotIds[2] ?? ''), enabled: robotIds[2] !== undefined }),
  ].slice(0, Math.min(robotIds.length, MAX_COMPARED));
  const [first, second, third] = slots.map((slot) => slot.data);
  const records = useMemo(() => [first, second, third].slice(0, slots.length), [first, second, third, slots.length]);
  return { records, isPending: slots.some((slot) => slot.isPending) };
}
