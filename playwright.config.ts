import { defineConfig } from '@playwright/test';
import { chromiumFlags, chromiumPath } from './tests/support/chromium.js';

// Without Chromium the run fails here, saying how to install it: nothing skips silently.
const chromePath = chromiumPath();

const port = Number(process.env.E2E_PORT ?? 3211);

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  reporter: process.env.CI ? 'line' : 'list',
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromePath,
      args: chromiumFlags,
    },
  },
  webServer: {
    command: 'node --import tsx tests/support/e2e-server.ts',
    url: `http://127.0.0.1:${port}/api/health`,
    env: { E2E_PORT: String(port) },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
