import { z } from 'zod';
import { CHAT_MESSAGE_MAX_LENGTH } from '../constants.js';

/** The assistant's answer; null when the workflow's reply had none the shop could read. */
export const chatReplySchema = z.object({ response: z.string().nullable() });
export type ChatReply = z.infer<typeof chatReplySchema>;

export const chatMessageSchema = z.object({
  message: z.string().trim().min(1, 'The message is empty.').max(CHAT_MESSAGE_MAX_LENGTH),
});

/** SPEC §8's chat message for a workflow that failed, sent by the server in place of the reason. */
export const chatMessages = {
  technicalDifficulties: 'Sorry, I am experiencing technical difficulties. Please try again later.',
} as const;
