import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminLicence, LicenceResetAnswer } from '../../../../../shared/schemas/licences-admin.js';
import { apiPost } from '../../../../lib/api-client';

const item = (id: string) => `/api/admin/licences/${encodeURIComponent(id)}`;

/** The robot's next check is refused; the reason is the owner's note (optional). */
export function revokeLicence({ id, reason }: { id: string; reason: string }): Promise<AdminLicence> {
  return apiPost<AdminLicence>(`${item(id)}/revoke`, reason.trim() ? { reason: reason.trim() } : {});
}

export function reinstateLicence({ id }: { id: string }): Promise<AdminLicence> {
  return apiPost<AdminLicence>(`${item(id)}/reinstate`);
}

export function extendLicence({ id, days }: { id: string; days: number }): Promise<AdminLicence> {
  return apiPost<AdminLicence>(`${item(id)}/extend`, { days });
}

/** Frees every account's slot; answers how many were freed. */
export function resetLicenceSlots({ id }: { id: string }): Promise<LicenceResetAnswer> {
  return apiPost<LicenceResetAnswer>(`${item(id)}/reset-slots`);
}

/**
 * Every licence change refreshes the list and the detail (['admin', 'licences']), the activity
 * log, and the orders (their timeline has the change's line).
 */
function useLicenceMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all(
        [
          ['admin', 'licences'],
          ['admin', 'audit'],
          ['admin', 'orders'],
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}

export const useRevokeLicence = () => useLicenceMutation(revokeLicence);
export const useReinstateLicence = () => useLicenceMutation(reinstateLicence);
export const useExtendLicence = () => useLicenceMutation(extendLicence);
export const useResetLicenceSlots = () => useLicenceMutation(resetLicenceSlots);
