// `npm start`: build when the sources changed since the last build, then serve.
//
// package.json runs this file as `exec node scripts/start.mjs`. npm runs a script through
// `sh -c`, and on SIGTERM or SIGINT npm forwards the signal to that shell alone. dash (Debian's
// /bin/sh) neither passes the signal on nor execs a lone command itself: it dies, npm exits
// after it, and this process and the server kept running, holding the port and the data folder.
// `exec` makes this process npm's direct child, so the forwarded signal lands here, and npm
// waits until this process (and so the server) has exited: a process manager that signals
// npm's pid sees it exit only once the shop is stopped (tests/api/npm-start-signals.test.ts).
import { spawn, spawnSync } from 'node:child_process';
import { constants } from 'node:os';
import path from 'node:path';
import { isBuildCurrent } from './build-state.mjs';
import { serverEnvironment, serverNodeFlags } from './server-node-flags.mjs';

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
// database, and this process then exits with the server's own status. The IPC channel is the
// server's lifeline: it closes when this process dies in any way, even by SIGKILL, and the
// server then stops too instead of running on without a supervisor (src/server/main.ts). The
// server's own node flags go first, so that flags given to this process override them, and its
// malloc setting is added to the environment unless the operator set one.
const server = spawn(
  process.execPath,
  [...serverNodeFlags(), ...process.execArgv, path.join(import.meta.dirname, '../dist/node/server/main.js')],
  { stdio: ['inherit', 'inherit', 'inherit', 'ipc'], env: { ...process.env, ...serverEnvironment() } },
);
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    if (server.exitCode === null) server.kill(signal);
  });
}
server.on('exit', (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)));
