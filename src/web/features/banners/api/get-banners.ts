import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HeroBanner } from '../../../../shared/schemas/catalogue.js';
import { apiGet, type RequestOptions } from '../../../lib/api-client';

/** The active hero banners, in their order_index (the public endpoint leaves inactive ones out). */
export function getBanners(options?: RequestOptions): Promise<HeroBanner[]> {
  return apiGet<HeroBanner[]>('/api/banners', options);
}

export function getBannersQueryOptions() {
  return queryOptions({
    queryKey: ['banners'],
    queryFn: ({ signal }) => getBanners({ signal }),
  });
}

export function useBanners() {
  return useQuery(getBannersQueryOptions());
}
