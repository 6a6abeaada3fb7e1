import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminSettings,
  SettingsUpdate,
  WebhookTestResult,
  webhookSettingKeys,
} from '../../../../../shared/schemas/settings.js';
import { invalidateStorefront } from '../../../../components/admin/admin-resource';
import { apiGet, apiPatch, apiPost, type RequestOptions } from '../../../../lib/api-client';

export function getAdminSettings(options?: RequestOptions): Promise<AdminSettings> {
  return apiGet<AdminSettings>('/api/admin/settings', options);
}

export function getAdminSettingsQueryOptions() {
  return queryOptions({ queryKey: ['admin', 'settings'], queryFn: ({ signal }) => getAdminSettings({ signal }) });
}

export function useAdminSettings() {
  return useQuery(getAdminSettingsQueryOptions());
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: SettingsUpdate['values']) => apiPatch<AdminSettings>('/api/admin/settings', { values }),
    onSuccess: (saved) => {
      queryClient.setQueryData(getAdminSettingsQueryOptions().queryKey, saved);
      return invalidateStorefront(queryClient);
    },
  });
}

export type WebhookKey = (typeof webhookSettingKeys)[number];

/** A signed test ping to a workflow address (the one typed, or the saved one). */
export function testWebhook(key: WebhookKey, url: string | undefined): Promise<WebhookTestResult> {
  return apiPost<WebhookTestResult>('/api/admin/settings/test-webhook', url ? { key, url } : { key });
}
