import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CampaignSummary } from '../../../../../shared/schemas/newsletter.js';
import { apiGet, type RequestOptions } from '../../../../lib/api-client';

export const campaignsKey = ['admin', 'newsletter', 'campaigns'] as const;

/** How often the page asks for progress while a campaign is being sent. */
const PROGRESS_POLL_MS = 2000;

export function getCampaigns(options?: RequestOptions): Promise<CampaignSummary[]> {
  return apiGet<CampaignSummary[]>('/api/admin/newsletter/campaigns', options);
}

export function getCampaignsQueryOptions() {
  return queryOptions({
    queryKey: campaignsKey,
    queryFn: ({ signal }) => getCampaigns({ signal }),
    // Live progress while something is sending; quiet otherwise.
    refetchInterval: (query) =>
      query.state.data?.some((campaign) => campaign.status === 'sending') ? PROGRESS_POLL_MS : false,
  });
}

export function useCampaigns() {
  return useQuery(getCampaignsQueryOptions());
}
