import { describe, expect, it } from 'vitest';
import { startTs } from '../../tests/support/processes.js';

describe('the app', () => {
  it("validates and serializes with the routes' zod schemas without loading Fastify's default compilers", async () => {
    const started = startTs('tests/support/loaded-libraries.ts', {});
    expect(await started.exited, started.stderr()).toBe(0);
    const { loaded, invalid, valid, health } = JSON.parse(started.stdout()) as {
      loaded: string[];
      invalid: { status: number; body: { error?: { code?: string } } };
      valid: { status: number; body: unknown };
      health: { status: number; body: unknown };
    };
    // ajv, fast-json-stringify and their compilers for Fastify: some 2 MB of heap (issue 21 §5).
    expect(loaded).toEqual([]);
    expect(invalid.status).toBe(400);
    // The answer carries the declared fields only.
    expect(valid).toEqual({ status: 201, body: { subscribed: true, confirmationRequired: expect.any(Boolean) } });
    expect(health).toEqual({ status: 200, body: { status: 'ok', database: 'up' } });
  }, 60_000);
});
