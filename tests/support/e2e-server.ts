// The shop the browser tests drive: the built app (built first when sources changed) on a fresh
// SQLite DATA_DIR that is removed when Playwright stops it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { E2E_ADMIN, E2E_PORT, E2E_PUBLIC_URL } from './e2e-shop.js';
import { projectRoot } from './processes.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'tradebot-e2e-'));
const server = spawn(process.execPath, [path.join(projectRoot, 'scripts/start.mjs')], {
  cwd: projectRoot,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: String(E2E_PORT),
    HOST: '127.0.0.1',
    PUBLIC_URL: E2E_PUBLIC_URL,
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    LOG_LEVEL: 'warn',
    // Every journey signs in from 127.0.0.1; the limits themselves are tested by the API tests.
    AUTH_RATE_LIMIT: '1000',
  },
});
const stop = () => server.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
