import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { formatNumber } from './report.js';

interface FirstLoad {
  files: Array<{ file: string; gzipBytes: number }>;
  totalGzipBytes: number;
}

/**
 * The JavaScript a browser must fetch before the storefront can render: the entry script of the
 * built index.html and every chunk it imports statically (the modulepreload links). Lazy pages
 * and the admin are not part of it.
 */
export function measureFirstLoad(webRoot: string): FirstLoad {
  const html = readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  const scripts = [
    ...html.matchAll(/<script type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((match) => match[1]!);
  const files = [...new Set(scripts)].map((file) => ({
    file,
    gzipBytes: gzipSync(readFileSync(path.join(webRoot, file)), { level: 9 }).length,
  }));
  return { files, totalGzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0) };
}

/** Part `first-load`: reads the build, starts no server. */
export function printFirstLoad(webRoot: string): void {
  const firstLoad = measureFirstLoad(webRoot);
  const files = firstLoad.files
    .map((file) => `${path.basename(file.file)} ${formatNumber(file.gzipBytes / 1024, 1)} KB`)
    .join(', ');
  console.log(
    `storefront first-load JavaScript: ${formatNumber(firstLoad.totalGzipBytes / 1024, 1)} KB gzip (${files})`,
  );
}
