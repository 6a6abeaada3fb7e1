// `npm start`: build when the sources changed since the last build, then serve.
import { spawnSync } from 'node:child_process';
import { isBuildCurrent } from './build-state.mjs';

if (!isBuildCurrent()) {
  process.stderr.write('tradebot-store: building the app (first start or changed sources)…\n');
  const build = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit', shell: process.platform === 'win32' });
  if (build.status !== 0) {
    process.stderr.write('tradebot-store: the build failed; see the messages above\n');
    process.exit(build.status ?? 1);
  }
}
await import('../dist/node/server/main.js');
