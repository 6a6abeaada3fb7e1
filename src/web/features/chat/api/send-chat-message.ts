import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

export type SendChatMessageInput = { message: string };
/** `response` is null when the workflow answered without one. */
export type ChatReply = { response: string | null };

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
