import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { robotsResource } from '../../../../../shared/admin-resources.js';
import type { RobotRelease } from '../../../../../shared/schemas/releases.js';
import { adminQueryKey, invalidateStorefront } from '../../../../components/admin/admin-resource';
import { uploadFile } from '../../../../components/admin/upload-file';
import { apiDelete, apiGet, type RequestOptions } from '../../../../lib/api-client';

const path = (robotId: string) => `/api/admin/robots/${encodeURIComponent(robotId)}/releases`;

/** The robot's releases, highest version (the current one) first (decision 0018). */
export function getRobotReleases(robotId: string, options?: RequestOptions): Promise<RobotRelease[]> {
  return apiGet<RobotRelease[]>(path(robotId), options);
}

export function getRobotReleasesQueryOptions(robotId: string) {
  return queryOptions({
    queryKey: ['admin', 'robots', 'releases', robotId],
    queryFn: ({ signal }) => getRobotReleases(robotId, { signal }),
    staleTime: 0,
  });
}

export function useRobotReleases(robotId: string) {
  return useQuery(getRobotReleasesQueryOptions(robotId));
}

/** Uploads a release: the version and the notes, then the file, reporting the upload's progress. */
export function createRobotRelease({
  robotId,
  version,
  notes,
  file,
  onProgress,
}: {
  robotId: string;
  version: string;
  notes: string;
  file: File;
  onProgress: (fraction: number) => void;
}): Promise<RobotRelease> {
  return uploadFile<RobotRelease>({
    method: 'POST',
    url: path(robotId),
    fields: { version, notes },
    file,
    expectStatus: 201,
    onProgress,
  });
}

export function deleteRobotRelease({ robotId, releaseId }: { robotId: string; releaseId: string }): Promise<void> {
  return apiDelete<void>(`${path(robotId)}/${encodeURIComponent(releaseId)}`);
}

/** Each change refreshes the releases, the robots' list (its current version) and the storefront. */
function useReleaseMutation<Input extends { robotId: string }, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: (_data, _error, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getRobotReleasesQueryOptions(input.robotId).queryKey }),
        queryClient.invalidateQueries({ queryKey: adminQueryKey(robotsResource) }),
        invalidateStorefront(queryClient),
      ]),
  });
}

export const useCreateRobotRelease = () => useReleaseMutation(createRobotRelease);
export const useDeleteRobotRelease = () => useReleaseMutation(deleteRobotRelease);
