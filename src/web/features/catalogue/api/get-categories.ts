import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '../../../../shared/schemas/catalogue.js';
import { apiGet, type RequestOptions } from '../../../lib/api-client';

/** The active categories; the public endpoint leaves inactive ones out. */
export function getCategories(options?: RequestOptions): Promise<Category[]> {
  return apiGet<Category[]>('/api/categories', options);
}

export function getCategoriesQueryOptions() {
  return queryOptions({
    queryKey: ['categories'],
    queryFn: ({ signal }) => getCategories({ signal }),
  });
}

export function useCategories() {
  return useQuery(getCategoriesQueryOptions());
}
