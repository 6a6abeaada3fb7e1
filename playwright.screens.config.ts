import { defineConfig } from '@playwright/test';
import baseConfig from './playwright.config.js';

// `npm run screens`: screenshots of every page, not a test run. It drives the same shop as the
// browser tests and writes PNGs to screens/ (ignored by git), for a person to look at.
export default defineConfig({
  ...baseConfig,
  testDir: 'tests/screens',
  testMatch: '*.screens.ts',
  timeout: 600_000,
});
