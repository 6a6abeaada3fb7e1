import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContentPage, PageSlug } from '../../../../shared/schemas/catalogue.js';
import { apiGet, type RequestOptions } from '../../../lib/api-client';

/** The Copy Trade or Update page; null while an administrator has never written it. */
export function getContentPage(slug: PageSlug, options?: RequestOptions): Promise<ContentPage | null> {
  return apiGet<ContentPage | null>(`/api/pages/${slug}`, options);
}

export function getContentPageQueryOptions(slug: PageSlug) {
  return queryOptions({
    queryKey: ['pages', slug],
    queryFn: async ({ signal }) => (await getContentPage(slug, { signal })) ?? null,
  });
}

export function useContentPage(slug: PageSlug) {
  return useQuery(getContentPageQueryOptions(slug));
}
