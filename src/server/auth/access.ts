import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CurrentUser } from '../../shared/schemas/users.js';
import { ForbiddenError, UnauthorizedError } from '../errors.js';

/**
 * Who may call a route. Every /api route declares one in its `config.access`; a route that
 * declares nothing is refused (403) so that forgetting is never a hole.
 * - public: anyone
 * - signed-in: any signed-in user
 * - owner: a signed-in user; the service then checks that the record is theirs
 * - admin: administrators only
 * - automation: workflows holding the shared secret, checked by the route's own guard
 */
export const accessLevels = ['public', 'signed-in', 'owner', 'admin', 'automation'] as const;
export type Access = (typeof accessLevels)[number];

export type { CurrentUser };

export type UserResolver = (request: FastifyRequest) => Promise<CurrentUser | null>;

export interface RouteAccess {
  method: string;
  url: string;
  access: Access | undefined;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    /** Every route registered under /api with its declared access, for audits and tests. */
    apiRoutes: RouteAccess[];
  }
  interface FastifyRequest {
    /** The signed-in user, resolved by the access guard for non-public routes. */
    user: CurrentUser | null;
  }
}

/** Must be registered before any route. */
export function registerAccessControl(app: FastifyInstance, resolveUser: UserResolver): void {
  app.decorate('apiRoutes', [] as RouteAccess[]);
  app.decorateRequest('user', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') && route.url !== '/api') return;
    const access = route.config?.access;
    // A HEAD route of its own is listed (a download's HEAD, declared with its GET); the HEAD
    // sibling Fastify adds to every GET (method 'HEAD' alone) is the GET's, and is left out, as
    // @fastify/swagger leaves it out of the OpenAPI document.
    if (route.method !== 'HEAD') {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) app.apiRoutes.push({ method, url: route.url, access });
    }
    // Public and automation routes need no session lookup: no hook, no cost per request.
    if (access === 'public' || access === 'automation') return;
    // onRequest, before the body is read and validated: a caller without access learns nothing
    // about what the route would accept.
    const guard = accessGuard(access, resolveUser);
    const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [guard, ...existing];
  });
}

function accessGuard(access: Exclude<Access, 'public' | 'automation'> | undefined, resolveUser: UserResolver) {
  return async (request: FastifyRequest) => {
    switch (access) {
      case 'signed-in':
      case 'owner': {
        request.user = await resolveUser(request);
        if (!request.user) throw new UnauthorizedError();
        return;
      }
      case 'admin': {
        request.user = await resolveUser(request);
        if (!request.user) throw new UnauthorizedError();
        if (!request.user.isAdmin) throw new ForbiddenError('Administrator privileges are required.');
        return;
      }
      default:
        request.log.error({ url: request.routeOptions.url }, 'route declares no access level; refused');
        throw new ForbiddenError('This route declares no access level.');
    }
  };
}
