// `npm run bench`: measures the real app against bare node:http references, part by part, each
// part on a shop of its own. The figures are printed for people; they never gate CI. A part that
// fails prints its error and the run goes on with the next; the exit code is 0 when every part
// completed, 1 when one failed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { printFirstLoad } from './first-load.js';
import { benchFlood } from './flood.js';
import { closeOpenShops, withIsolatedShop, type IsolatedShop } from './isolated-shop.js';
import { benchLicences } from './licences.js';
import { printLighthouse } from './lighthouse.js';
import { benchNewsletter } from './newsletter.js';
import { benchOrders } from './orders.js';
import { benchReads } from './reads.js';
import { StartupError, stopAllServers } from './servers.js';
import { dialectOf, formatLoadAverage, printEnvironment, readSettings, type Settings } from './settings.js';
import { benchTwoInstances } from './two-instances.js';

const root = path.resolve(import.meta.dirname, '..');

interface Part {
  name: string;
  /** A part with `shop` runs on an app of its own; the others read files only. */
  run: { shop: (shop: IsolatedShop, settings: Settings) => Promise<void> } | { files: (settings: Settings) => void };
  /** Why the part cannot run on SQLite, if it cannot. */
  needsPostgres?: string;
}

/** In running order; BENCH_ONLY takes these names. */
const parts: Part[] = [
  { name: 'reads', run: { shop: benchReads } },
  { name: 'flood', run: { shop: benchFlood } },
  { name: 'orders', run: { shop: benchOrders } },
  { name: 'licences', run: { shop: benchLicences } },
  { name: 'two-instances', run: { shop: benchTwoInstances }, needsPostgres: 'SQLite serves one process per DATA_DIR' },
  { name: 'first-load', run: { files: () => printFirstLoad(path.join(root, 'dist/web')) } },
  { name: 'newsletter', run: { shop: benchNewsletter } },
  { name: 'lighthouse', run: { shop: (shop) => printLighthouse(shop.app.origin) } },
];

/** Same rule as `npm start`: build only when the sources changed since the last build. */
async function ensureBuilt(): Promise<void> {
  // Loaded by URL because scripts/ is plain JavaScript without type declarations.
  const buildState = (await import(new URL('../scripts/build-state.mjs', import.meta.url).href)) as {
    isBuildCurrent: () => boolean;
  };
  if (buildState.isBuildCurrent()) return;
  console.log('bench: building the app first (dist/ is missing or older than the sources)…');
  const build = spawnSync('npm', ['run', 'build'], {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (build.status !== 0)
    throw new Error('the build failed; see the messages above (BENCH_FROM_SOURCE=1 measures the sources instead)');
}

function describe(error: unknown): string {
  if (error instanceof StartupError) return `${error.message}. Its output:\n${error.output || '(nothing)'}`;
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

/** Runs one part between two load-average lines; answers whether it completed. */
async function runPart(part: Part, workDir: string, settings: Settings): Promise<boolean> {
  if (part.needsPostgres && dialectOf(settings) !== 'postgres') {
    console.log(`\n== ${part.name}: not run (needs DATABASE_URL on PostgreSQL; ${part.needsPostgres})`);
    return true;
  }
  const database = 'shop' in part.run ? ` (${dialectOf(settings)})` : '';
  console.log(`\n== ${part.name}${database} — ${formatLoadAverage()}`);
  try {
    if ('shop' in part.run) {
      const run = part.run.shop;
      await withIsolatedShop(part.name, workDir, settings, (shop) => run(shop, settings));
    } else {
      part.run.files(settings);
    }
    return true;
  } catch (error) {
    console.error(`bench: part ${part.name} failed: ${describe(error)}`);
    return false;
  } finally {
    console.log(`== ${part.name} done — ${formatLoadAverage()}`);
  }
}

async function main(): Promise<number> {
  const settings = readSettings(parts.map((part) => part.name));
  if (!settings.fromSource) await ensureBuilt();
  printEnvironment(settings);

  const workDir = mkdtempSync(path.join(os.tmpdir(), 'tradebot-bench-'));
  // Ctrl-C must not leave a server, a temporary folder or a database behind.
  const interrupt = () => {
    void stopAllServers()
      .then(closeOpenShops)
      .finally(() => {
        rmSync(workDir, { recursive: true, force: true });
        process.exit(130);
      });
  };
  process.once('SIGINT', interrupt);
  const failed: string[] = [];
  try {
    for (const part of parts) {
      if (settings.only && !settings.only.includes(part.name)) continue;
      if (!(await runPart(part, workDir, settings))) failed.push(part.name);
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true });
    process.off('SIGINT', interrupt);
  }
  if (failed.length === 0) return 0;
  console.error(
    `\nbench: ${failed.length} part(s) failed: ${failed.join(', ')} (BENCH_ONLY=${failed.join(',')} runs them again)`,
  );
  return 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`bench: ${describe(error)}`);
    process.exit(1);
  },
);
