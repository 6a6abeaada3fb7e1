import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/server/app.js';
import { parseConfig, type Config } from '../../src/server/config.js';

export type TestDialect = 'sqlite' | 'postgres';

/**
 * The engines the API tests run on: SQLite always, PostgreSQL too when TEST_DATABASE_URL names
 * a server where we may create databases (CI sets it).
 */
export const testDialects: TestDialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export const TEST_ADMIN = { email: 'admin@example.com', password: 'admin-password-1' };

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
}

async function withServerClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh, empty PostgreSQL database for one test app; dropped by the returned function. */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `tradebot_test_${randomBytes(6).toString('hex')}`;
  await withServerClient((client) => client.query(`create database ${name}`));
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      withServerClient((client) => client.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}

/** The smallest built-looking web app: pages render from it as from the real build. */
const WEB_SHELL =
  '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8">\n    <!--app-head-->\n  </head>\n  <body><div id="root"></div><!--app-data--></body>\n</html>';

/** Builds the real app on a fresh database and data folder; `webShell` gives it pages to render. */
export async function createTestApp(
  dialect: TestDialect,
  env: Record<string, string> = {},
  options: { webShell?: boolean; logLines?: string[] } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tradebot-test-'));
  if (options.webShell) {
    mkdirSync(path.join(dataDir, 'web'));
    writeFileSync(path.join(dataDir, 'web', 'index.html'), WEB_SHELL);
  }
  const database = dialect === 'postgres' ? await createPostgresDatabase() : null;
  const config = parseConfig({
    DATA_DIR: dataDir,
    AUTH_SECRET: randomBytes(32).toString('hex'),
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    LOG_LEVEL: 'silent',
    // Functional tests sign in often; the rate-limit test sets its own value.
    AUTH_RATE_LIMIT: '1000',
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...env,
  });
  const webRoot = path.join(dataDir, 'web');
  const logLines = options.logLines;
  // `logLines` collects the warnings and errors the app logs, for tests of what reaches the log.
  const app = logLines
    ? await buildApp({ ...config, logLevel: 'warn' }, { webRoot, logStream: { write: (line) => logLines.push(line) } })
    : await buildApp(config, { logger: false, webRoot });
  return {
    app,
    config,
    dataDir,
    async close() {
      await app.close();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Another instance of `shop`: the same configuration, so the same PostgreSQL database, storage
 * and secrets, as a second process behind a load balancer would have. Close it before `shop`,
 * whose close drops the database.
 */
export async function createSecondInstance(shop: TestApp): Promise<TestApp> {
  const app = await buildApp(shop.config, { logger: false, webRoot: path.join(shop.dataDir, 'web') });
  return { app, config: shop.config, dataDir: shop.dataDir, close: () => app.close() };
}
