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
  const message = isOperatorError(error)
    ? error.message
    : error instanceof Error
      ? (error.stack ?? error.message)
      : String(error);
  process.stderr.write(`tradebot-store: ${message}\n`);
  process.exit(1);
}

/**
 * The first administrator's credentials as a plain block a newcomer cannot miss among the JSON
 * log lines; they are shown this once and never logged.
 */
function firstRunBlock(publicUrl: string, email: string, password: string): string {
  const rule = '='.repeat(72);
  return [
    '',
    rule,
    '  tradebot-store: administrator created (shown only this once)',
    '',
    `    Sign in at   ${publicUrl}`,
    `    Email        ${email}`,
    `    Password     ${password}`,
    '',
    '  This address is a placeholder: once signed in, change the email and',
    `  the password on your account page: ${new URL('/Account', publicUrl).toString()}`,
    rule,
    '',
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  // A .env file in the working directory fills variables the environment does not set.
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  let generated: { email: string; password: string } | undefined;
  const app = await buildApp(config, { onAdministratorGenerated: (credentials) => (generated = credentials) });

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
  // `on`, not `once`: Ctrl-C in a terminal reaches this process twice (from the terminal and
  // forwarded by scripts/start.mjs), and a second signal must not kill it mid-shutdown.
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  // Started by scripts/start.mjs with an IPC channel: the channel closes when that supervisor
  // dies, even by SIGKILL, and a server left without it would hold the port and the data folder.
  if (process.channel) process.once('disconnect', () => stop('supervisor exited'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close().catch(() => undefined);
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
      fail(new ConfigError(`Invalid PORT: ${config.port} is already in use`));
    throw error;
  }
  app.log.info(`shop ready at ${config.publicUrl} (${config.database.dialect})`);
  if (generated) process.stdout.write(firstRunBlock(config.publicUrl, generated.email, generated.password));
}

main().catch(fail);
