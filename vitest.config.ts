import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**', 'dist/**'],
    environment: 'node',
    pool: 'forks',
    // Vitest's default on a 2-core machine is one worker (cores - 1), and most test files wait on
    // sockets, timers and PostgreSQL rather than compute: two files at a time nearly halve the run.
    // Each test app has its own database and data folder (tests/support/test-app.ts).
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
