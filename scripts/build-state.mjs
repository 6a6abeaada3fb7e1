// Decides whether dist/ is older than the sources, so `npm start` builds only when needed.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';

const root = path.resolve(import.meta.dirname, '..');
const stampFile = path.join(root, 'dist', 'build-stamp.json');
const inputs = [
  'src',
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'tsconfig.build.json',
  'tsconfig.web.json',
  'package-lock.json',
];

function* files(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return;
  const stat = statSync(full);
  if (stat.isFile()) {
    if (!/\.test\.tsx?$/.test(entry)) yield entry;
    return;
  }
  for (const name of readdirSync(full).sort()) yield* files(path.join(entry, name));
}

/** A fingerprint of every build input: names, sizes and modification times. */
export function sourceFingerprint() {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const file of files(input)) {
      const stat = statSync(path.join(root, file));
      hash.update(`${file}\0${stat.size}\0${stat.mtimeMs}\n`);
    }
  }
  return hash.digest('hex');
}

export function isBuildCurrent() {
  try {
    return JSON.parse(readFileSync(stampFile, 'utf8')).fingerprint === sourceFingerprint();
  } catch {
    return false;
  }
}

export function writeBuildStamp() {
  writeFileSync(
    stampFile,
    JSON.stringify({ fingerprint: sourceFingerprint(), builtAt: new Date().toISOString() }) + '\n',
  );
}
