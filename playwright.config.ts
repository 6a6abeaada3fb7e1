import { defineConfig } from '@playwright/test';
import { chromiumFlags, chromiumPath } from './tests/support/chromium.js';
import { E2E_PORT, E2E_PUBLIC_URL } from './tests/support/e2e-shop.js';

// Without Chromium the run fails here, saying how to install it: nothing skips silently.
const chromePath = chromiumPath();

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  reporter: process.env.CI ? 'line' : 'list',
  // Limits sized for a shared 2-core machine: under a load of 15+ (a CI run beside other work),
  // hydrating a server-drawn page took over 5 s, and Playwright's role queries see nothing of it
  // until then (#root is inert). The assertions are unchanged; they only wait longer before failing.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    // The one baseURL of every journey: the shop's public address (tests/support/e2e-shop.ts).
    baseURL: E2E_PUBLIC_URL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromePath,
      args: chromiumFlags,
    },
  },
  webServer: {
    command: 'node --import tsx tests/support/e2e-server.ts',
    url: `http://127.0.0.1:${E2E_PORT}/api/health`,
    env: { E2E_PORT: String(E2E_PORT) },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
