import { z } from 'zod';
import { CHAT_MESSAGE_MAX_LENGTH } from '../constants.js';

export const chatMessageSchema = z.object({
  message: z.string().trim().min(1, 'The message is empty.').max(CHAT_MESSAGE_MAX_LENGTH),
});
