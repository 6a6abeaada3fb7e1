import { z } from 'zod';

export const CHAT_MESSAGE_MAX_LENGTH = 2000;

export const chatMessageSchema = z.object({
  message: z.string().trim().min(1, 'The message is empty.').max(CHAT_MESSAGE_MAX_LENGTH),
});
