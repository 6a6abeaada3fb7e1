import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';

/** What a check of the database answers: `ok` (or `ready`) with the database up, else 503 `unavailable`. */
function databaseState<Ok extends string>(ok: Ok) {
  const schema = z.object({ status: z.enum([ok, 'unavailable']), database: z.enum(['up', 'down']) });
  const check = (ping: () => Promise<boolean>) => async (_request: unknown, reply: FastifyReply) => {
    const up = await ping();
    return reply
      .status(up ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: up ? ok : 'unavailable', database: up ? 'up' : 'down' });
  };
  return { response: { 200: schema, 503: schema }, check };
}

const health = databaseState('ok');
const readiness = databaseState('ready');

/**
 * Health for load balancers and orchestrators:
 * - /api/health/live: the process answers (restart it if not); never touches the database.
 * - /api/health/ready: it can serve, i.e. the database answers (send it traffic only then).
 * - /api/health: as before, the database's state with the status.
 * While the server shuts down, Fastify answers 503 to new requests, so ready turns false first.
 */
export function registerHealthRoute(app: FastifyInstance, ping: () => Promise<boolean>): void {
  app.get('/api/health', { config: { access: 'public' }, schema: { response: health.response } }, health.check(ping));

  app.get(
    '/api/health/live',
    { config: { access: 'public' }, schema: { response: { 200: z.object({ status: z.literal('ok') }) } } },
    async (_request, reply) => {
      return reply.header('cache-control', 'no-store').send({ status: 'ok' });
    },
  );

  app.get(
    '/api/health/ready',
    { config: { access: 'public' }, schema: { response: readiness.response } },
    readiness.check(ping),
  );
}
