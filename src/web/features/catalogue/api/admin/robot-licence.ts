import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RobotLicenceSecret } from '../../../../../shared/schemas/licences.js';
import { apiGet, apiPost, type RequestOptions } from '../../../../lib/api-client';

const path = (robotId: string) => `/api/admin/robots/${encodeURIComponent(robotId)}/licence`;

/** The robot's licence tab: its id, EA secret and the API address, to compile into the robot. */
export function getRobotLicence(robotId: string, options?: RequestOptions): Promise<RobotLicenceSecret> {
  return apiGet<RobotLicenceSecret>(path(robotId), options);
}

export function getRobotLicenceQueryOptions(robotId: string) {
  return queryOptions({
    queryKey: ['admin', 'robots', 'licence', robotId],
    queryFn: ({ signal }) => getRobotLicence(robotId, { signal }),
    staleTime: 0,
  });
}

export function useRobotLicence(robotId: string, enabled: boolean) {
  return useQuery({ ...getRobotLicenceQueryOptions(robotId), enabled });
}

export function rotateEaSecret(robotId: string): Promise<RobotLicenceSecret> {
  return apiPost<RobotLicenceSecret>(`${path(robotId)}/rotate-secret`);
}

export function useRotateEaSecret(robotId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => rotateEaSecret(robotId),
    onSuccess: (licence) => queryClient.setQueryData(getRobotLicenceQueryOptions(robotId).queryKey, licence),
  });
}
