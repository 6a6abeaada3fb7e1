import { z } from 'zod';

/** One signed-in device of the current user, as the Account page lists it. */
export const accountSessionSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  ip_address: z.string().nullable(),
  user_agent: z.string().nullable(),
  /** The session of the request itself. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

/** Deleting an account asks for its password again, so an unattended open session cannot do it. */
export const deleteAccountSchema = z.object({
  password: z.string().min(1, 'Type your password to confirm.').max(1000),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;
