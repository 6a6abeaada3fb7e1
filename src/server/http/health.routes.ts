import type { FastifyInstance } from 'fastify';

export function registerHealthRoute(app: FastifyInstance, ping: () => Promise<boolean>): void {
  app.get('/api/health', { config: { access: 'public' } }, async (_request, reply) => {
    const up = await ping();
    return reply
      .status(up ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: up ? 'ok' : 'unavailable', database: up ? 'up' : 'down' });
  });
}
