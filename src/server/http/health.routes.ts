import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

const health = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['up', 'down']) });
const liveness = z.object({ status: z.literal('ok') });
const readiness = z.object({ status: z.enum(['ready', 'unavailable']), database: z.enum(['up', 'down']) });

/**
 * Health for load balancers and orchestrators:
 * - /api/health/live: the process answers (restart it if not); never touches the database.
 * - /api/health/ready: it can serve, i.e. the database answers (send it traffic only then).
 * - /api/health: as before, the database's state with the status.
 * While the server shuts down, Fastify answers 503 to new requests, so ready turns false first.
 */
export function registerHealthRoute(app: FastifyInstance, ping: () => Promise<boolean>): void {
  app.get(
    '/api/health',
    { config: { access: 'public' }, schema: { response: { 200: health, 503: health } } },
    async (_request, reply) => {
      const up = await ping();
      return reply
        .status(up ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({ status: up ? 'ok' : 'unavailable', database: up ? 'up' : 'down' });
    },
  );

  app.get(
    '/api/health/live',
    { config: { access: 'public' }, schema: { response: { 200: liveness } } },
    async (_request, reply) => {
      return reply.header('cache-control', 'no-store').send({ status: 'ok' });
    },
  );

  app.get(
    '/api/health/ready',
    { config: { access: 'public' }, schema: { response: { 200: readiness, 503: readiness } } },
    async (_request, reply) => {
      const up = await ping();
      return reply
        .status(up ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({ status: up ? 'ready' : 'unavailable', database: up ? 'up' : 'down' });
    },
  );
}
