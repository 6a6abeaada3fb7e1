// Each part of the bench on its own shop: a fresh data folder, a fresh database and its own mail
// sink, so that no part's figures or counts carry another part's data (a campaign once counted
// the orders bench's emails) and a part that fails leaves nothing behind for the next.
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { startSmtpSink, type SmtpSink } from './smtp-sink.js';
import { startApp, startBareScript, stopServer, type AppOptions, type ServerProcess } from './servers.js';
import type { Settings } from './settings.js';

export interface IsolatedShop {
  app: ServerProcess;
  /** What started `app`; another instance started with them shares its database and storage. */
  appOptions: AppOptions;
  dataDir: string;
  /** The part's own PostgreSQL database; undefined on SQLite (the file is in dataDir). */
  databaseUrl: string | undefined;
  smtp: SmtpSink;
}

/**
 * A bare reference on the part's own database: `bench/<name>-postgres-server.ts` on its PostgreSQL
 * database (BARE_DATABASE_URL), else `bench/<name>-server.ts` on its SQLite file (BARE_DB_FILE).
 */
export function startBareOnShopDatabase(
  shop: IsolatedShop,
  name: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const database: Record<string, string> = shop.databaseUrl
    ? { BARE_DATABASE_URL: shop.databaseUrl }
    : { BARE_DB_FILE: path.join(shop.dataDir, 'shop.db') };
  const script = `bench/${name}${shop.databaseUrl ? '-postgres' : ''}-server.ts`;
  return startBareScript(name, script, { ...database, ...env }, '/health');
}

async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates a database named for the part on the server of `serverUrl`; needs the CREATEDB right. */
async function createDatabase(serverUrl: string, part: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `tradebot_bench_${part.replaceAll('-', '_')}_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      onServer(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`)).then(
        () => undefined,
      ),
  };
}

/** The clean-ups of the shop in use, for an interrupted run. */
const openShops = new Set<() => Promise<void>>();

/** Ctrl-C: stops the servers and removes the folder and database of the shop in use. */
export async function closeOpenShops(): Promise<void> {
  for (const cleanUp of [...openShops]) await cleanUp();
}

/**
 * Runs `work` on a shop of its own, then stops everything and removes the shop's folder and
 * database, whether `work` succeeded or not.
 */
export async function withIsolatedShop(
  part: string,
  workDir: string,
  settings: Settings,
  work: (shop: IsolatedShop) => Promise<void>,
): Promise<void> {
  const dataDir = path.join(workDir, part);
  mkdirSync(dataDir, { recursive: true });
  const cleanups: Array<() => Promise<void>> = [async () => rmSync(dataDir, { recursive: true, force: true })];
  // Last in, first out, each once (an interrupt can arrive while the part cleans up).
  const cleanUp = async () => {
    for (const cleanup of cleanups.splice(0).reverse())
      await cleanup().catch((error: unknown) =>
        console.error(`bench: cleaning up ${part}: ${(error as Error).message}`),
      );
  };
  openShops.add(cleanUp);
  try {
    const database = settings.postgresUrl ? await createDatabase(settings.postgresUrl, part) : undefined;
    if (database) cleanups.push(database.drop);
    const smtp = await startSmtpSink();
    cleanups.push(smtp.close);
    const appOptions: AppOptions = {
      dataDir,
      fromSource: settings.fromSource,
      // The SMTP server is local, so a campaign's figure is the app's own sending speed. An empty
      // DATABASE_URL keeps a SQLite part on its own file whatever the caller's environment says.
      env: {
        SMTP_URL: smtp.url,
        NEWSLETTER_SEND_RATE: '10000',
        REQUIRE_EMAIL_VERIFICATION: 'false',
        DATABASE_URL: database?.url ?? '',
      },
    };
    const app = await startApp(appOptions);
    cleanups.push(() => stopServer(app));
    await work({ app, appOptions, dataDir, databaseUrl: database?.url, smtp });
  } finally {
    await cleanUp();
    openShops.delete(cleanUp);
  }
}
