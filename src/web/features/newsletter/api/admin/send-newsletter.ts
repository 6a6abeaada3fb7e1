import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SendNewsletterInput, SendNewsletterResult } from '../../../../../shared/schemas/newsletter.js';
import { adminQueryKey } from '../../../../components/admin/admin-resource';
import { apiPost } from '../../../../lib/api-client';
import { newsletterTemplates } from './newsletter-templates';
import { campaignsKey } from './get-campaigns';

export function sendNewsletter(input: SendNewsletterInput): Promise<SendNewsletterResult> {
  return apiPost<SendNewsletterResult>('/api/admin/newsletter/send', input);
}

/** Sending may save a new template and always adds a campaign: both lists are refreshed, even after a failure. */
export function useSendNewsletter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendNewsletter,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminQueryKey(newsletterTemplates) }),
        queryClient.invalidateQueries({ queryKey: campaignsKey }),
      ]),
  });
}
