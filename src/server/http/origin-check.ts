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
  app.addHook('onRequest', async (request) => {
    if (safeMethods.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (origin === 'null' || !ownOrigins(request).includes(origin)) throw new ForbiddenError('Cross-origin request refused.');
      return;
    }
    if (request.headers['sec-fetch-site'] === 'cross-site') throw new ForbiddenError('Cross-origin request refused.');
  });
}
