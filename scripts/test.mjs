// `npm test`: every check, in the order that fails fastest. Stops at the first failure.
// API tests also run on PostgreSQL when TEST_DATABASE_URL is set (CI sets it).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);

const steps = [
  ['type-check', bin('tsc'), ['-p', 'tsconfig.json']],
  ['type-check (web)', bin('tsc'), ['-p', 'tsconfig.web.json']],
  ['lint', bin('eslint'), ['.']],
  ['format check (Prettier)', bin('prettier'), ['--check', '.']],
  // Before the API tests: tests/api/npm-start-signals.test.ts runs `npm start`, which would
  // otherwise build the app itself in the middle of the test run.
  ['build', process.execPath, [path.join(root, 'scripts/build.mjs')]],
  [
    `unit and API tests (${process.env.TEST_DATABASE_URL ? 'SQLite and PostgreSQL' : 'SQLite only: set TEST_DATABASE_URL to add PostgreSQL'})`,
    bin('vitest'),
    ['run'],
  ],
  ['end-to-end tests (Chromium)', bin('playwright'), ['test']],
];

for (const [name, command, args] of steps) {
  process.stdout.write(`\n▶ ${name}\n`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    process.stdout.write(`\n✗ ${name} failed\n`);
    process.exit(result.status ?? 1);
  }
  process.stdout.write(`✓ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
}
