import { existsSync } from 'node:fs';
import { ConfigError, parseConfig, type Config } from '../config.js';
import { BackupRefusedError } from './backup.js';

/**
 * Runs an operator command with the shop's configuration (environment, then ./.env): prints the
 * lines it returns, or one line saying why it refused (exit code 1).
 */
export async function runCommand(
  name: string,
  work: (config: Config, args: string[]) => Promise<string[]>,
): Promise<void> {
  try {
    if (existsSync('.env')) process.loadEnvFile('.env');
    // parseConfig, not loadConfig: a command must not create files (an auth secret) in DATA_DIR.
    for (const line of await work(parseConfig(process.env), process.argv.slice(2))) process.stdout.write(`${line}\n`);
  } catch (error) {
    const known = error instanceof BackupRefusedError || error instanceof ConfigError;
    process.stderr.write(
      `tradebot-store ${name}: ${known ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exitCode = 1;
  }
}
