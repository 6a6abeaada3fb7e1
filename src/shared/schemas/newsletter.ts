import { z } from 'zod';

export const subscribeSchema = z.object({
  email: z.string().trim().max(254).pipe(z.email({ message: 'Please enter a valid email address.' })),
});
