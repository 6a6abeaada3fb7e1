import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PublicCache } from './public-cache.js';

const item = z.object({ id: z.string(), name: z.string() });

/** One cached read of `load`'s value, with the schema a route would declare. */
function appReading(load: () => Promise<unknown>): { app: FastifyInstance; loads: () => number } {
  const app = Fastify();
  const cache = new PublicCache(60_000);
  let count = 0;
  app.get('/items', (request, reply) =>
    cache.sendJson(request, reply, 'items', z.array(item), async () => {
      count++;
      return (await load()) as z.infer<typeof item>[];
    }),
  );
  return { app, loads: () => count };
}

describe('a cached JSON read', () => {
  let app: FastifyInstance | undefined;
  afterEach(() => app?.close());

  it('stores and sends only the fields its schema declares, as a serialized route would', async () => {
    const reading = appReading(async () => [{ id: '1', name: 'Scalper', internal_note: 'not for visitors' }]);
    app = reading.app;
    for (let request = 0; request < 2; request++) {
      const response = await app.inject('/items');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.json()).toEqual([{ id: '1', name: 'Scalper' }]);
    }
    expect(reading.loads()).toBe(1);
  });

  it('caches nothing when the value does not match its schema, and says so with a 500', async () => {
    const reading = appReading(async () => [{ id: 1 }]);
    app = reading.app;
    expect((await app.inject('/items')).statusCode).toBe(500);
    expect((await app.inject('/items')).statusCode).toBe(500);
    expect(reading.loads()).toBe(2);
  });
});
