import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { measureFirstLoad } from '../../bench/first-load.js';

const webRoot = path.resolve(import.meta.dirname, '../../dist/web');

/**
 * Issue 21 §3: the storefront's first-load JavaScript stays within 95 KB gzip. `npm test` builds
 * before this runs; on its own, run `node scripts/build.mjs` first.
 */
describe('the built storefront', () => {
  it('loads at most 95 KB of JavaScript (gzip) before it renders', () => {
    expect(existsSync(path.join(webRoot, 'index.html')), 'no build in dist/web: run node scripts/build.mjs').toBe(true);
    const firstLoad = measureFirstLoad(webRoot);
    expect(firstLoad.files.length).toBeGreaterThan(0);
    expect(firstLoad.totalGzipBytes).toBeLessThanOrEqual(95 * 1024);
  });
});
