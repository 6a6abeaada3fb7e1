import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountSessionSchema, deleteAccountSchema } from '../../../shared/schemas/account.js';
import { noContent } from '../../http/no-content.js';
import type { AccountService } from './account.service.js';

/**
 * The session token of the request, from better-auth's cookie (`<token>.<signature>`). It only
 * marks which of the user's own sessions is "this device"; the access guard has already checked
 * the session itself.
 */
function sessionToken(request: FastifyRequest): string | null {
  const value = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
  if (!value) return null;
  return decodeURIComponent(value).split('.')[0] || null;
}

export function accountRoutes(account: AccountService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/account/sessions',
      { config: { access: 'signed-in' }, schema: { response: { 200: z.array(accountSessionSchema) } } },
      (request) => account.listSessions(request.user!.id, sessionToken(request)),
    );

    app.delete(
      '/api/account/sessions/:id',
      {
        config: { access: 'signed-in' },
        schema: { params: z.object({ id: z.string().min(1).max(100) }), response: { 204: noContent } },
      },
      async (request, reply) => {
        await account.revokeSession(request.user!.id, request.params.id);
        return reply.status(204).send();
      },
    );

    app.post(
      '/api/account/sessions/revoke-others',
      { config: { access: 'signed-in' }, schema: { response: { 204: noContent } } },
      async (request, reply) => {
        await account.revokeOtherSessions(request.user!.id, sessionToken(request));
        return reply.status(204).send();
      },
    );

    // POST rather than DELETE with a body, which some proxies drop.
    app.post(
      '/api/account/delete',
      { config: { access: 'signed-in' }, schema: { body: deleteAccountSchema, response: { 204: noContent } } },
      async (request, reply) => {
        await account.deleteAccount(request.user!, request.body.password);
        return reply.status(204).send();
      },
    );
  };
}
