import type { FastifyInstance } from 'fastify';
import type { PublicCache } from './public-cache.js';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Any successful administrator write clears the public read cache by itself, so no admin route
 * can forget to: visitors of this instance see the change at once, other instances sharing the
 * database within the cache's TTL (2 s). Runs before the answer leaves, so the administrator's
 * next read is never older than their write.
 */
export function registerAdminWriteInvalidation(app: FastifyInstance, cache: PublicCache): void {
  // A callback hook, not an async one: it runs on every answer (a robot's licence check
  // included), and a promise per answer for a test that is false on all but admin writes is waste.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.routeOptions.config?.access === 'admin' && !READS.has(request.method) && reply.statusCode < 400)
      cache.invalidate();
    done(null, payload);
  });
}
