import { existsSync } from 'node:fs';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DatabaseUnreachableError } from './db/database.js';
import { DataDirInUseError } from './db/sqlite.js';

const SHUTDOWN_GRACE_MS = 10_000;

/** Problems an operator must fix; they get one line, not a stack trace. */
function isOperatorError(error: unknown): error is Error {
  return (
    error instanceof ConfigError ||
    error instanceof DataDirInUseError ||
    error instanceof DatabaseUnreachableError ||
    (error instanceof Error && ['EADDRINUSE', 'EACCES'].includes((error as NodeJS.ErrnoException).code ?? ''))
  );
}

function fail(error: unknown): never {
  const message = isOperatorError(error) ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error);
  process.stderr.write(`tradebot-store: ${message}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  // A .env file in the working directory fills variables the environment does not set.
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  const app = await buildApp(config);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    // A request that never ends must not keep the process alive forever.
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close().catch(() => undefined);
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') fail(new ConfigError(`Invalid PORT: ${config.port} is already in use`));
    throw error;
  }
  app.log.info(`shop ready at ${config.publicUrl} (${config.database.dialect})`);
}

main().catch(fail);
