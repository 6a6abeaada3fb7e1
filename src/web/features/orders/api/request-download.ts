import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DownloadLink } from '../../../../shared/schemas/orders.js';
import { apiPost } from '../../../lib/api-client';
import { getOrdersQueryOptions } from './get-orders';

/**
 * Counts one of the downloads of the order's version (each has its own, decision 0018) and
 * answers a signed link, valid for an hour.
 */
export function requestDownload({ orderId, versionId }: { orderId: string; versionId: string }): Promise<DownloadLink> {
  return apiPost<DownloadLink>(
    `/api/orders/${encodeURIComponent(orderId)}/versions/${encodeURIComponent(versionId)}/download`,
  );
}

export function useRequestDownload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestDownload,
    onSettled: () => queryClient.invalidateQueries({ queryKey: getOrdersQueryOptions().queryKey }),
  });
}
