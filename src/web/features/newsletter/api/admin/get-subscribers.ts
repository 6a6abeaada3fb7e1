import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SubscriberPage } from '../../../../../shared/schemas/newsletter.js';
import { apiGet, type RequestOptions } from '../../../../lib/api-client';

export const subscribersKey = ['admin', 'newsletter', 'subscribers'] as const;

/** One page of subscribers, newest first, matching the search (paged by the server). */
export function getSubscribers(q: string, page: number, options?: RequestOptions): Promise<SubscriberPage> {
  const query = new URLSearchParams({ q, page: String(page) });
  return apiGet<SubscriberPage>(`/api/admin/newsletter/subscribers?${query}`, options);
}

export function getSubscribersQueryOptions(q: string, page: number) {
  return queryOptions({
    queryKey: [...subscribersKey, q, page],
    queryFn: ({ signal }) => getSubscribers(q, page, { signal }),
    // The table keeps the page it shows while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useSubscribers(q: string, page: number) {
  return useQuery(getSubscribersQueryOptions(q, page));
}
