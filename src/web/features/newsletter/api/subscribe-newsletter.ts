import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

export type SubscribeNewsletterInput = { email: string };

/**
 * 201 on success; 409 when the address is already subscribed (in any letter case), 400 for an
 * address the server rejects, 429 after too many attempts from one visitor.
 */
export function subscribeNewsletter(
  input: SubscribeNewsletterInput,
): Promise<{ subscribed: true; confirmationRequired: boolean }> {
  // confirmationRequired: double opt-in is on, and a confirmation link was emailed.
  return apiPost<{ subscribed: true; confirmationRequired: boolean }>('/api/newsletter/subscribe', input);
}

export function useSubscribeNewsletter() {
  return useMutation({ mutationFn: subscribeNewsletter });
}
