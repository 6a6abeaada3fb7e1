// `npm run bench`: measures the real app against a bare node:http server that sends the same
// bytes, so the figures show what the app's own work costs. The figures are printed for people;
// they never gate CI, so a completed run always exits 0.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromiumPath } from '../tests/support/chromium.js';
import { startFakeSmtpServer, type FakeSmtpServer } from '../tests/support/fake-smtp-server.js';
import { measureFirstLoad } from './first-load.js';
import { benchOrders, type OrderFigures } from './orders.js';
import { runLighthouse } from './lighthouse.js';
import { CONNECTIONS, FLOOD_CONNECTIONS, measure, measureUnderFlood, type Figures, type LoadSettings } from './load.js';
import { measureNewsletter } from './newsletter.js';
import { withoutPassword } from '../src/server/db/database.js';
import { formatNumber, formatTable } from './report.js';
import { benchTwoInstances } from './two-instances.js';
import { appEntry, BENCH_ADMIN, get, readMemory, startApp, startBare, StartupError, stopServer, type ServerProcess } from './servers.js';

interface Target {
  name: string;
  path: string;
}

/** Add a line to benchmark another endpoint or page. */
const targets: Target[] = [
  { name: 'GET /api/robots', path: '/api/robots' },
  { name: 'GET / (HTML)', path: '/' },
];

const root = path.resolve(import.meta.dirname, '..');

interface Settings extends LoadSettings {
  fromSource: boolean;
  /** Subscribers in the export measurement. */
  exportRows: number;
  /** Messages in the campaign throughput measurement. */
  campaignSize: number;
}

function numberFromEnv(name: string, fallback: number, minimum: number, unit = 'seconds'): number {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value < minimum) throw new Error(`${name} must be at least ${minimum} ${unit} (got ${JSON.stringify(text)})`);
  return value;
}

function readSettings(): Settings {
  return {
    seconds: numberFromEnv('BENCH_SECONDS', 10, 1),
    warmupSeconds: numberFromEnv('BENCH_WARMUP_SECONDS', 2, 0),
    // While the web front end does not build, the server can still be measured from its sources.
    fromSource: process.env.BENCH_FROM_SOURCE === '1' || process.env.BENCH_FROM_SOURCE === 'true',
    exportRows: numberFromEnv('BENCH_EXPORT_ROWS', 50_000, 1, 'rows'),
    campaignSize: numberFromEnv('BENCH_CAMPAIGN_SIZE', 2_000, 1, 'messages'),
  };
}

/** Same rule as `npm start`: build only when the sources changed since the last build. */
async function ensureBuilt(): Promise<void> {
  // Loaded by URL because scripts/ is plain JavaScript without type declarations.
  const buildState = (await import(new URL('../scripts/build-state.mjs', import.meta.url).href)) as { isBuildCurrent: () => boolean };
  if (buildState.isBuildCurrent()) return;
  console.log('bench: building the app first (dist/ is missing or older than the sources)…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (build.status !== 0) throw new Error('the build failed; see the messages above (BENCH_FROM_SOURCE=1 measures the sources instead)');
}

function databaseDescription(): { dialect: string; where: string } {
  const url = process.env.DATABASE_URL;
  if (!url) return { dialect: 'sqlite', where: 'a fresh file in the temporary DATA_DIR' };
  return { dialect: url.startsWith('sqlite:') ? 'sqlite' : 'postgres', where: withoutPassword(url) };
}

function printEnvironment(settings: Settings): void {
  const database = databaseDescription();
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown model';
  // Other work on the machine moves the figures; the load average makes that visible.
  const load = formatNumber(os.loadavg()[0] ?? 0, 2);
  console.log(`node ${process.version}, ${os.availableParallelism()} CPUs (${cpu}), ${os.platform()} ${os.arch()}, load average ${load}`);
  console.log(`database: ${database.dialect} (${database.where})`);
  console.log(`app: ${appEntry(settings.fromSource)}`);
  console.log(
    `load: autocannon, ${CONNECTIONS} connections, pipelining 1, ${settings.warmupSeconds} s warm-up (discarded) + ${settings.seconds} s measured per server; load generator shares the CPUs`,
  );
}

interface TargetFigures {
  target: Target;
  bodyBytes: number;
  app: Figures;
  bare: Figures;
}

/** Records the app's exact answer, then measures the app and a bare server replaying it. */
async function benchTarget(app: ServerProcess, target: Target, index: number, workDir: string, settings: Settings): Promise<TargetFigures | undefined> {
  const answer = await get(app.origin + target.path);
  if (answer.status !== 200) {
    console.error(`bench: skipping ${target.name}: the app answered ${answer.status}`);
    return undefined;
  }
  const bodyFile = path.join(workDir, `target-${index}.body`);
  writeFileSync(bodyFile, answer.body);

  console.log(`\n${target.name}: measuring app…`);
  const appFigures = await measure(app.origin + target.path, settings);
  const bare = await startBare(bodyFile, answer.contentType);
  try {
    console.log(`${target.name}: measuring bare node:http…`);
    const bareFigures = await measure(bare.origin + target.path, settings);
    return { target, bodyBytes: answer.body.length, app: appFigures, bare: bareFigures };
  } finally {
    await stopServer(bare);
  }
}

function tableRows({ target, app, bare }: TargetFigures): string[][] {
  const row = (server: string, figures: Figures, share: string) => [
    target.name,
    server,
    formatNumber(figures.requestsPerSecond),
    formatNumber(figures.p99Ms),
    formatNumber(figures.bytesPerResponse),
    share,
  ];
  const share = bare.requestsPerSecond > 0 ? `${formatNumber((100 * app.requestsPerSecond) / bare.requestsPerSecond, 1)} %` : 'n/a';
  return [row('app', app, share), row('bare node:http', bare, '')];
}

function printResults(results: TargetFigures[]): void {
  const columns = [
    { title: 'target' },
    { title: 'server' },
    { title: 'req/s (avg)', alignRight: true },
    { title: 'p99 ms', alignRight: true },
    { title: 'bytes/response', alignRight: true },
    { title: 'app % of bare', alignRight: true },
  ];
  console.log(`\n${formatTable(columns, results.flatMap(tableRows))}`);
  console.log('bytes/response counts headers and body as received; both servers send the same body:');
  for (const { target, bodyBytes, app, bare } of results) {
    console.log(`  ${target.name}: body ${formatNumber(bodyBytes)} bytes`);
    if (app.problems.length > 0) console.log(`  warning, app: ${app.problems.join(', ')}`);
    if (bare.problems.length > 0) console.log(`  warning, bare: ${bare.problems.join(', ')}`);
  }
}

/**
 * The rendered Home measured again while another client sends unique query strings to Home, the
 * robot list and robot pages: what a visitor gets while someone tries to flood the public cache.
 */
async function printHomeUnderFlood(app: ServerProcess, results: TargetFigures[], settings: Settings): Promise<void> {
  const home = results.find((result) => result.target.path === '/');
  const robots = JSON.parse((await get(`${app.origin}/api/robots`)).body.toString()) as Array<{ id: string }>;
  console.log(`\nGET / (HTML) under a query-string flood: measuring (flood: ${FLOOD_CONNECTIONS} connections)…`);
  const { measured, flood } = await measureUnderFlood(`${app.origin}/`, robots[0]?.id ?? '', settings);
  const row = (name: string, figures: Figures | undefined) => [name, figures ? formatNumber(figures.requestsPerSecond) : 'n/a', figures ? formatNumber(figures.p99Ms) : 'n/a'];
  const columns = ['', 'req/s (avg)', 'p99 ms'].map((title, index) => ({ title, alignRight: index > 0 }));
  console.log(
    formatTable(columns, [
      row('GET / (HTML), alone', home?.app),
      row(`GET / (HTML), while flooded`, measured),
      row('the flood: unique /?x=, /api/robots?x=, /RobotDetail?robotId=…', flood),
    ]),
  );
  if (measured.problems.length > 0) console.log(`  warning, Home: ${measured.problems.join(', ')}`);
  if (flood.problems.length > 0) console.log(`  note, flood: ${flood.problems.join(', ')}`);
}

function printMemory(app: ServerProcess): void {
  const memory = readMemory(app.child.pid);
  if (!memory) {
    console.log('\napp memory: unavailable (needs /proc)');
    return;
  }
  console.log(`\napp memory after the runs: RSS ${formatNumber(memory.rssMb, 1)} MB, peak (VmHWM) ${formatNumber(memory.peakMb, 1)} MB`);
}

function printFirstLoad(): void {
  const firstLoad = measureFirstLoad(path.join(root, 'dist/web'));
  const files = firstLoad.files.map((file) => `${path.basename(file.file)} ${formatNumber(file.gzipBytes / 1024, 1)} KB`).join(', ');
  console.log(`\nstorefront first-load JavaScript: ${formatNumber(firstLoad.totalGzipBytes / 1024, 1)} KB gzip (${files})`);
}

/** Lighthouse, mobile profile, on Home and on one robot page. */
async function printLighthouse(app: ServerProcess): Promise<void> {
  let chromePath: string;
  try {
    chromePath = chromiumPath();
  } catch (error) {
    console.log(`\nLighthouse: not run. ${(error as Error).message}`);
    return;
  }
  const robots = JSON.parse((await get(`${app.origin}/api/robots`)).body.toString()) as Array<{ id: string }>;
  const pages = { Home: `${app.origin}/`, 'robot page': `${app.origin}/RobotDetail?robotId=${robots[0]?.id ?? ''}` };
  const figures = await runLighthouse(Object.values(pages), chromePath);
  const rows = Object.entries(pages).map(([name, url]) => {
    const result = figures.get(url)!;
    return [name, String(result.performance), String(result.accessibility), formatNumber(result.largestContentfulPaintMs), result.cumulativeLayoutShift.toFixed(3), formatNumber(result.totalBlockingTimeMs)];
  });
  const columns = ['page', 'performance', 'accessibility', 'LCP ms', 'CLS', 'TBT ms'].map((title, index) => ({ title, alignRight: index > 0 }));
  console.log(`\nLighthouse (mobile profile: emulated phone, simulated slow 4G, 4x CPU slowdown)\n${formatTable(columns, rows)}`);
}

async function printNewsletter(app: ServerProcess, smtp: FakeSmtpServer, dataDir: string, settings: Settings): Promise<void> {
  console.log(`\nnewsletter: ${formatNumber(settings.exportRows)} subscribers to export, a campaign to ${formatNumber(settings.campaignSize)} (local SMTP server, NEWSLETTER_SEND_RATE unlimited)…`);
  const figures = await measureNewsletter(app, { dataDir, admin: BENCH_ADMIN, exportRows: settings.exportRows, campaignSize: settings.campaignSize, smtp });
  const memory =
    figures.rssBeforeMb === undefined || figures.rssPeakDuringMb === undefined
      ? 'memory unavailable (needs /proc)'
      : `app RSS ${formatNumber(figures.rssBeforeMb, 1)} MB before, at most ${formatNumber(figures.rssPeakDuringMb, 1)} MB while streaming (+${formatNumber(figures.rssPeakDuringMb - figures.rssBeforeMb, 1)} MB)`;
  console.log(
    `subscriber export (CSV): ${formatNumber(figures.exportRows)} rows, ${formatNumber(figures.exportBytes / 1024 / 1024, 1)} MB in ${formatNumber(figures.exportSeconds, 2)} s (${formatNumber(figures.exportRows / figures.exportSeconds)} rows/s); ${memory}`,
  );
  console.log(
    `email campaign: ${formatNumber(figures.campaignMessages)} messages in ${formatNumber(figures.campaignSeconds, 2)} s = ${formatNumber(figures.campaignMessages / figures.campaignSeconds)} messages/s (SMTP server received ${formatNumber(figures.smtpReceived)})`,
  );
}

async function main(): Promise<void> {
  const settings = readSettings();
  if (!settings.fromSource) await ensureBuilt();
  printEnvironment(settings);

  const workDir = mkdtempSync(path.join(os.tmpdir(), 'tradebot-bench-'));
  let app: ServerProcess | undefined;
  const smtp = await startFakeSmtpServer();
  // Ctrl-C must not leave a server running or a temporary database behind.
  const interrupt = () => {
    app?.child.kill('SIGTERM');
    rmSync(workDir, { recursive: true, force: true });
    process.exit(130);
  };
  process.once('SIGINT', interrupt);
  try {
    // The SMTP server is local, so the campaign figure is the app's own sending speed.
    const smtpEnv = { SMTP_URL: smtp.url, NEWSLETTER_SEND_RATE: '10000', REQUIRE_EMAIL_VERIFICATION: 'false' };
    const appOptions = { dataDir: path.join(workDir, 'data'), fromSource: settings.fromSource, env: smtpEnv };
    app = await startApp(appOptions);
    const results: TargetFigures[] = [];
    for (const [index, target] of targets.entries()) {
      const figures = await benchTarget(app, target, index, workDir, settings);
      if (figures) results.push(figures);
    }
    printResults(results);
    await printHomeUnderFlood(app, results, settings);
    printMemory(app);
    // Orders create data; they run after the read targets, so those measure the shop as seeded.
    let orders: OrderFigures | undefined;
    if (process.env.BENCH_ORDERS !== '0') orders = await benchOrders(app, path.join(workDir, 'data'), workDir, settings, databaseDescription().dialect);
    const robots = results.find((result) => result.target.path === '/api/robots')?.app;
    await benchTwoInstances(app, appOptions, { robots, orders }, settings, databaseDescription().dialect);
    printFirstLoad();
    await printNewsletter(app, smtp, path.join(workDir, 'data'), settings);
    await printLighthouse(app);
  } finally {
    if (app) await stopServer(app);
    await smtp.close();
    rmSync(workDir, { recursive: true, force: true });
    process.off('SIGINT', interrupt);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    if (error instanceof StartupError) {
      console.error(`bench: ${error.message}. Its output:\n${error.output || '(nothing)'}`);
    } else {
      console.error(`bench: ${error instanceof Error ? error.message : String(error)}`);
    }
    process.exit(1);
  },
);
