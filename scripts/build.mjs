// `npm run build`: the web app with Vite, the server with tsc, then precompressed copies of the
// static files so that the server never compresses the same asset twice.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { writeBuildStamp } from './build-state.mjs';

const root = path.resolve(import.meta.dirname, '..');

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function* walk(folder) {
  for (const name of readdirSync(folder)) {
    const full = path.join(folder, name);
    if (statSync(full).isDirectory()) yield* walk(full);
    else yield full;
  }
}

rmSync(path.join(root, 'dist'), { recursive: true, force: true });
run(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn']);
// The same app built for Node: the server draws Home and a robot's page with it (decision 0024).
run(process.execPath, [
  path.join(root, 'node_modules/vite/bin/vite.js'),
  'build',
  '--ssr',
  'server-render.tsx',
  '--outDir',
  '../../dist/ssr',
  '--logLevel',
  'warn',
]);
run(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json']);

const compressible = /\.(js|css|html|svg|json|txt|xml|webmanifest)$/;
for (const file of walk(path.join(root, 'dist/web'))) {
  if (!compressible.test(file) || file.endsWith('index.html')) continue;
  const content = readFileSync(file);
  if (content.length < 1024) continue;
  writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
}
writeBuildStamp();
