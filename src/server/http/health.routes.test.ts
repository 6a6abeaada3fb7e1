import Fastify from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../../tests/support/test-app.js';
import { registerHealthRoute } from './health.routes.js';

describe.each(testDialects)('health on %s', (dialect) => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await createTestApp(dialect);
  });
  afterAll(() => shop.close());

  it('is live, ready, and keeps /api/health as it was', async () => {
    const live = await shop.app.inject('/api/health/live');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await shop.app.inject('/api/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'up' });
    expect(ready.headers['cache-control']).toBe('no-store');
    expect((await shop.app.inject('/api/health')).json()).toEqual({ status: 'ok', database: 'up' });
  });
});

describe('health when the database does not answer', () => {
  it('stays live but is not ready', async () => {
    // The app's serializer, as buildApp sets it: the routes declare zod response schemas.
    const app = Fastify().setSerializerCompiler(serializerCompiler);
    registerHealthRoute(app, async () => false);
    expect((await app.inject('/api/health/live')).statusCode).toBe(200);
    const ready = await app.inject('/api/health/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', database: 'down' });
    expect((await app.inject('/api/health')).statusCode).toBe(503);
    await app.close();
  });
});
