import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContentPage, ContentPageInput } from '../../../../../shared/schemas/catalogue.js';
import type { ContentPageSlug } from '../../../../../shared/content-pages.js';
import { invalidateStorefront } from '../../../../components/admin/admin-resource';
import { apiGet, apiPut, type RequestOptions } from '../../../../lib/api-client';

/** The page as stored (null when never written); the public read, which shows every page. */
export function getPage(slug: ContentPageSlug, options?: RequestOptions): Promise<ContentPage | null> {
  return apiGet<ContentPage | null>(`/api/pages/${encodeURIComponent(slug)}`, options);
}

export function getPageQueryOptions(slug: ContentPageSlug) {
  return queryOptions({ queryKey: ['admin', 'pages', slug], queryFn: ({ signal }) => getPage(slug, { signal }) });
}

export function usePage(slug: ContentPageSlug) {
  return useQuery(getPageQueryOptions(slug));
}

export function useSavePage(slug: ContentPageSlug) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (page: ContentPageInput) => apiPut<ContentPage>(`/api/admin/pages/${encodeURIComponent(slug)}`, page),
    onSuccess: (saved) => {
      queryClient.setQueryData(getPageQueryOptions(slug).queryKey, saved);
      return invalidateStorefront(queryClient);
    },
  });
}
