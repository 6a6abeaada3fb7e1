import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubscriberSelection } from '../../../../../shared/schemas/newsletter.js';
import { apiDelete } from '../../../../lib/api-client';
import { subscribersKey } from './get-subscribers';

export function deleteSubscribers(selection: SubscriberSelection): Promise<{ deleted: number }> {
  return apiDelete<{ deleted: number }>('/api/admin/newsletter/subscribers', { body: selection });
}

export function useDeleteSubscribers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSubscribers,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subscribersKey }),
  });
}
