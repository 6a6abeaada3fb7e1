import Database from 'better-sqlite3';
import Fastify from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { testDialects } from '../../../tests/support/test-app.js';
import { isDatabaseBusy } from '../db/dialect.js';
import { registerErrorHandler } from './error-handler.js';

/** The error the real driver gives when the database cannot take a request in time. */
async function busyError(engine: 'sqlite' | 'postgres'): Promise<Error> {
  if (engine === 'postgres') {
    // A pool of one connection, held, and a short wait for the next: pg-pool's own error.
    const pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 1, connectionTimeoutMillis: 100 });
    const held = await pool.connect();
    try {
      return await pool.connect().then(
        () => new Error('the pool gave a second connection'),
        (error: Error) => error,
      );
    } finally {
      held.release();
      await pool.end();
    }
  }
  // Two connections to one file; the first holds the write lock, the second does not wait.
  const folder = mkdtempSync(path.join(tmpdir(), 'tradebot-busy-'));
  const first = new Database(path.join(folder, 'shop.db'));
  const second = new Database(path.join(folder, 'shop.db'));
  try {
    first.exec('create table t (x integer); begin immediate; insert into t values (1)');
    second.pragma('busy_timeout = 0');
    try {
      second.exec('insert into t values (2)');
      return new Error('the second connection wrote');
    } catch (error) {
      return error as Error;
    }
  } finally {
    first.close();
    second.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

describe.each(testDialects)('a database too busy to take a request, on %s', (engine) => {
  it('is told apart from other failures by the driver’s own error', async () => {
    expect(isDatabaseBusy(await busyError(engine))).toBe(true);
    expect(isDatabaseBusy(new Error('connection refused'))).toBe(false);
    expect(
      isDatabaseBusy(Object.assign(new Error('UNIQUE constraint failed'), { code: 'SQLITE_CONSTRAINT_UNIQUE' })),
    ).toBe(false);
  });

  it('answers 503 database_busy with Retry-After, so that a workflow or a robot sends it again; any other failure stays a 500', async () => {
    const error = await busyError(engine);
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.post('/busy', async () => {
      throw error;
    });
    app.post('/broken', async () => {
      throw new Error('a bug');
    });
    const busy = await app.inject({ method: 'POST', url: '/busy' });
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe('5');
    expect(busy.json()).toEqual({
      error: { code: 'database_busy', message: 'The shop is busy. Try again in a few seconds.' },
    });
    const broken = await app.inject({ method: 'POST', url: '/broken' });
    expect(broken.statusCode).toBe(500);
    expect(broken.json()).toEqual({ error: { code: 'internal_error', message: 'Something went wrong on our side.' } });
    await app.close();
  });
});
