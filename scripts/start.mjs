// `npm start`: build when the sources changed since the last build, then serve.
import { spawn, spawnSync } from 'node:child_process';
import { constants } from 'node:os';
import path from 'node:path';
import { isBuildCurrent } from './build-state.mjs';

if (!isBuildCurrent()) {
  process.stderr.write('tradebot-store: building the app (first start or changed sources)…\n');
  const build = spawnSync('npm', ['run', '--silent', 'build'], {
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (build.status !== 0) {
    process.stderr.write('tradebot-store: the build failed; see the messages above\n');
    process.exit(build.status ?? 1);
  }
}

// The server runs as a child so that this process stays a thin supervisor: a process manager's
// SIGTERM or a terminal's Ctrl-C reaches the server, which finishes its requests and closes the
// database, and this process then exits with the server's own status.
const server = spawn(
  process.execPath,
  [...process.execArgv, path.join(import.meta.dirname, '../dist/node/server/main.js')],
  { stdio: 'inherit' },
);
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    if (server.exitCode === null) server.kill(signal);
  });
}
server.on('exit', (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)));
