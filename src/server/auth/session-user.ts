import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { CurrentUser, UserResolver } from './access.js';
import type { Auth } from './better-auth.js';

/**
 * The signed-in user of a request, read from the session row and the user row on every call
 * (no cookie cache): a sign-out or a role change applies to the very next request.
 */
export function sessionUserResolver(auth: Auth): UserResolver {
  return async (request: FastifyRequest): Promise<CurrentUser | null> => {
    if (!request.headers.cookie) return null;
    const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) }).catch((error: unknown) => {
      request.log.warn({ err: error }, 'session lookup failed');
      return null;
    });
    if (!session) return null;
    const { user } = session;
    const role = (user as { role?: string }).role === 'admin' ? 'admin' : 'client';
    return {
      id: user.id,
      email: user.email,
      full_name: user.name || null,
      role,
      created_date: new Date(user.createdAt).toISOString(),
      isAdmin: role === 'admin',
    };
  };
}
