import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicSettings } from '../../../../shared/settings-keys.js';
import { apiGet, type RequestOptions } from '../../../lib/api-client';

/** Site-wide settings a visitor may read; webhook URLs and secrets are never part of them. */
export function getPublicSettings(options?: RequestOptions): Promise<PublicSettings> {
  return apiGet<PublicSettings>('/api/settings/public', options);
}

export function getPublicSettingsQueryOptions() {
  return queryOptions({
    queryKey: ['settings', 'public'],
    queryFn: ({ signal }) => getPublicSettings({ signal }),
  });
}

export function usePublicSettings() {
  return useQuery(getPublicSettingsQueryOptions());
}
