import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DownloadLink } from '../../../../shared/schemas/orders.js';
import { apiPost } from '../../../lib/api-client';
import { getOrdersQueryOptions } from './get-orders';

/** Counts one of the order's downloads and answers a signed link, valid for an hour. */
export function requestDownload(orderId: string): Promise<DownloadLink> {
  return apiPost<DownloadLink>(`/api/orders/${encodeURIComponent(orderId)}/download`);
}

export function useRequestDownload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestDownload,
    onSettled: () => queryClient.invalidateQueries({ queryKey: getOrdersQueryOptions().queryKey }),
  });
}
