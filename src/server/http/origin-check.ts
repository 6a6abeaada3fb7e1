import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ForbiddenError } from '../errors.js';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery guard for every state-changing request: a browser always says where
 * a request comes from (Origin, or Sec-Fetch-Site), and only our own pages may change state with
 * the visitor's cookies. Clients that send neither (workflows, curl) are not browsers carrying
 * someone's session and pass on to the route's own checks.
 */
export function registerOriginCheck(app: FastifyInstance, ownOrigins: (request: FastifyRequest) => string[]): void {
  // A callback hook, not an async one: it runs on every request, and reads need no promise.
  app.addHook('onRequest', (request, _reply, done) => {
    if (safeMethods.has(request.method)) return done();
    const origin = request.headers.origin;
    const crossSite =
      origin !== undefined
        ? origin === 'null' || !ownOrigins(request).includes(origin)
        : request.headers['sec-fetch-site'] === 'cross-site';
    done(crossSite ? new ForbiddenError('Cross-origin request refused.') : undefined);
  });
}
