import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminSettings } from '../../../../../shared/schemas/settings.js';
import { apiGet, apiPatch, type RequestOptions } from '../../../../lib/api-client';

const doubleOptInKey = ['admin', 'newsletter', 'double-opt-in'] as const;

/** The newsletter's double opt-in setting, read from and saved to the administrator's settings. */
export function getDoubleOptIn(options?: RequestOptions): Promise<boolean> {
  return apiGet<AdminSettings>('/api/admin/settings', options).then(
    (settings) => settings.newsletter_double_opt_in === 'true',
  );
}

export function useDoubleOptIn() {
  return useQuery(queryOptions({ queryKey: doubleOptInKey, queryFn: ({ signal }) => getDoubleOptIn({ signal }) }));
}

export function useSetDoubleOptIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) =>
      apiPatch<AdminSettings>('/api/admin/settings', { values: { newsletter_double_opt_in: on ? 'true' : 'false' } }),
    onSuccess: (settings) => queryClient.setQueryData(doubleOptInKey, settings.newsletter_double_opt_in === 'true'),
  });
}
