import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderStatus } from '../../../../../shared/order-states.js';
import type { AdminOrder } from '../../../../../shared/schemas/orders.js';
import { uploadFile } from '../../../../components/admin/upload-file';
import { apiDelete, apiPatch, apiPost } from '../../../../lib/api-client';

const item = (id: string) => `/api/admin/orders/${encodeURIComponent(id)}`;

export function updateOrderStatus({ id, status }: { id: string; status: OrderStatus }): Promise<AdminOrder> {
  return apiPatch<AdminOrder>(item(id), { status });
}

export function deleteOrder(id: string): Promise<void> {
  return apiDelete<void>(item(id));
}

export function grantDownloads({ id, extra }: { id: string; extra: number }): Promise<AdminOrder> {
  return apiPost<AdminOrder>(`${item(id)}/download-grants`, { extra });
}

/** Delivers the robot file (the server completes the order), reporting upload progress. */
export function deliverOrderFile({
  id,
  file,
  onProgress,
}: {
  id: string;
  file: File;
  onProgress: (fraction: number) => void;
}): Promise<AdminOrder> {
  return uploadFile<AdminOrder>({ method: 'PUT', url: `${item(id)}/file`, file, expectStatus: 200, onProgress });
}

/** Every order change refreshes the list, the totals and the detail through the ['admin', 'orders'] key. */
function useOrderMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'orders'] }) });
}

export const useUpdateOrderStatus = () => useOrderMutation(updateOrderStatus);
export const useDeleteOrder = () => useOrderMutation(deleteOrder);
export const useGrantDownloads = () => useOrderMutation(grantDownloads);
export const useDeliverOrderFile = () => useOrderMutation(deliverOrderFile);
