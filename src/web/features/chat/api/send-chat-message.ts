import { useMutation } from '@tanstack/react-query';
import type { ChatReply } from '../../../../shared/schemas/chat.js';
import { apiPost } from '../../../lib/api-client';

export type SendChatMessageInput = { message: string };

/**
 * Our server relays the message to the chat workflow (it holds the webhook URL and the secret).
 * 403 when the chat is disabled, 502/504 when the workflow fails or does not answer in time.
 */
export function sendChatMessage(input: SendChatMessageInput): Promise<ChatReply> {
  return apiPost<ChatReply>('/api/chat', input);
}

export function useSendChatMessage() {
  return useMutation({ mutationFn: sendChatMessage });
}
