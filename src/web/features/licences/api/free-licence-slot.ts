import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClientLicence } from '../../../../shared/schemas/client-licences.js';
import { apiPost } from '../../../lib/api-client';
import { getOrderLicenceQueryOptions } from './get-order-licence';

export interface FreeLicenceSlot {
  orderId: string;
  activationId: string;
}

/** Frees the slot an account holds; answers the licence as it is then. */
export function freeLicenceSlot({ orderId, activationId }: FreeLicenceSlot): Promise<ClientLicence> {
  return apiPost<ClientLicence>(
    `/api/orders/${encodeURIComponent(orderId)}/licence/activations/${encodeURIComponent(activationId)}/free`,
  );
}

export function useFreeLicenceSlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: freeLicenceSlot,
    onSuccess: (licence) => queryClient.setQueryData(getOrderLicenceQueryOptions(licence.order_id).queryKey, licence),
    // Refused (the limit reached in another tab, the licence revoked meanwhile): show what is true now.
    onError: (_error, { orderId }) => queryClient.invalidateQueries(getOrderLicenceQueryOptions(orderId)),
  });
}
