// A shop as a real server process, for the tests that kill it: a fresh data folder (and a fresh
// PostgreSQL database), a real SMTP server, and the server's own database opened beside it.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseConfig } from '../../src/server/config.js';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/database.js';
import { startFakeSmtpServer, type FakeSmtpServer } from './fake-smtp-server.js';
import { freePort, startTs, waitForHealth, type Started } from './processes.js';
import { createPostgresDatabase, TEST_ADMIN, type TestDialect } from './test-app.js';

export interface ProcessShop {
  origin: string;
  smtp: FakeSmtpServer;
  /** Starts the server and waits until it answers; a process still running at close() is killed. */
  serve(): Promise<Started>;
  /** The shop's database, opened by the test (after the first serve(), which migrates it). */
  database(): Promise<DatabaseHandle>;
  /** Kills what still runs and removes the data folder and the database. */
  close(): Promise<void>;
}

export async function startProcessShop(dialect: TestDialect, env: Record<string, string> = {}): Promise<ProcessShop> {
  const cleanups: Array<() => Promise<void> | void> = [];
  const smtp = await startFakeSmtpServer();
  cleanups.push(() => smtp.close());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tradebot-process-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const postgres = dialect === 'postgres' ? await createPostgresDatabase() : null;
  if (postgres) cleanups.push(() => postgres.drop());
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const fullEnv = {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: origin,
    SMTP_URL: smtp.url,
    REQUIRE_EMAIL_VERIFICATION: 'false',
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    AUTH_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    ...env,
  };
  let database: DatabaseHandle | undefined;
  return {
    origin,
    smtp,
    async serve() {
      const started = startTs('src/server/main.ts', fullEnv);
      cleanups.push(() => {
        if (started.child.exitCode === null) started.child.kill('SIGKILL');
      });
      await waitForHealth(port, started);
      return started;
    },
    async database() {
      if (!database) {
        const opened = await openDatabase(parseConfig(fullEnv).database);
        cleanups.push(() => opened.close());
        database = opened;
      }
      return database;
    },
    async close() {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    },
  };
}
