import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Faq } from '../../../../shared/schemas/catalogue.js';
import { apiGet, type RequestOptions } from '../../../lib/api-client';

/** The active FAQs in their order; the public endpoint leaves inactive ones out. */
export function getFaqs(options?: RequestOptions): Promise<Faq[]> {
  return apiGet<Faq[]>('/api/faqs', options);
}

export function getFaqsQueryOptions() {
  return queryOptions({
    queryKey: ['faqs'],
    queryFn: ({ signal }) => getFaqs({ signal }),
  });
}

export function useFaqs() {
  return useQuery(getFaqsQueryOptions());
}
