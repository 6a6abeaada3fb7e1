import { z } from 'zod';
import { parseInput } from '../http/parse-input.js';

const text = (max: number) => z.string().max(max).optional();

/**
 * better-auth validates some bodies loosely (update-user takes any record and would store an
 * array as a name), so the fields its endpoints read get their types checked here, once for all
 * endpoints, before the request reaches it. Fields not listed pass through for better-auth to judge.
 */
const authBodySchema = z.looseObject({
  email: text(320),
  newEmail: text(320),
  password: text(1000),
  newPassword: text(1000),
  currentPassword: text(1000),
  name: text(200),
  image: z.string().max(2048).nullable().optional(),
  token: text(2048),
  provider: text(100),
  accountId: text(200),
  callbackURL: text(2048),
  errorCallbackURL: text(2048),
  newUserCallbackURL: text(2048),
  redirectTo: text(2048),
  rememberMe: z.boolean().optional(),
  revokeOtherSessions: z.boolean().optional(),
  disableRedirect: z.boolean().optional(),
  requestSignUp: z.boolean().optional(),
});

/** Throws a 400 naming the first wrong field, like a route schema would. */
export function checkAuthBody(body: unknown): void {
  if (body !== undefined && body !== null) parseInput(authBodySchema, body, 'body');
}
