import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderStatus } from '../../../../../shared/order-states.js';
import type { AdminOrder, OrderResolution } from '../../../../../shared/schemas/orders.js';
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

const resolutionPaths: Record<OrderResolution, string> = { mark_paid: 'mark-paid', refund: 'refund', cancel: 'cancel' };

/** Marks a payment under review paid (a note is required), refunds or cancels the order (decision 0014). */
export function resolveOrder({
  id,
  resolution,
  note,
}: {
  id: string;
  resolution: OrderResolution;
  note: string;
}): Promise<AdminOrder> {
  return apiPost<AdminOrder>(`${item(id)}/${resolutionPaths[resolution]}`, note.trim() ? { note: note.trim() } : {});
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
export const useResolveOrder = () => useOrderMutation(resolveOrder);
