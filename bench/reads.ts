// Part `reads`: public reads of the real app against a bare node:http server that sends the same
// bytes, so the figures show what the app's own work costs; then the app's memory.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { IsolatedShop } from './isolated-shop.js';
import { load, type Figures } from './load.js';
import { formatNumber, formatTable } from './report.js';
import {
  alternate,
  formatPercentSpread,
  formatSpread,
  percentages,
  problemsByRound,
  type RoundSettings,
} from './rounds.js';
import { get, readMemory, startBare, stopServer } from './servers.js';

interface Target {
  name: string;
  path: string;
}

/** Add a line to benchmark another endpoint or page. */
const targets: Target[] = [
  { name: 'GET /api/robots', path: '/api/robots' },
  { name: 'GET / (HTML)', path: '/' },
];

interface TargetFigures {
  target: Target;
  bodyBytes: number;
  app: Figures[];
  bare: Figures[];
}

/** Records the app's exact answer, then loads the app and a bare server replaying it in alternate rounds. */
async function benchTarget(
  shop: IsolatedShop,
  target: Target,
  index: number,
  settings: RoundSettings,
): Promise<TargetFigures> {
  const answer = await get(shop.app.origin + target.path);
  if (answer.status !== 200) throw new Error(`${target.name}: the app answered ${answer.status}`);
  const bodyFile = path.join(shop.dataDir, `target-${index}.body`);
  writeFileSync(bodyFile, answer.body);
  const bare = await startBare(bodyFile, answer.contentType);
  try {
    console.log(`${target.name}: app and bare node:http in alternate rounds…`);
    const rounds = await alternate(
      settings,
      (seconds) => load(shop.app.origin + target.path, seconds),
      (seconds) => load(bare.origin + target.path, seconds),
    );
    return { target, bodyBytes: answer.body.length, app: rounds.a, bare: rounds.b };
  } finally {
    await stopServer(bare);
  }
}

function tableRows({ target, app, bare }: TargetFigures): string[][] {
  const row = (server: string, rounds: Figures[], share: string) => [
    target.name,
    server,
    formatSpread(rounds.map((figures) => figures.requestsPerSecond)),
    formatSpread(rounds.map((figures) => figures.p99Ms)),
    formatNumber(rounds[0]!.bytesPerResponse),
    share,
  ];
  const share = formatPercentSpread(
    percentages(
      app.map((figures) => figures.requestsPerSecond),
      bare.map((figures) => figures.requestsPerSecond),
    ),
  );
  return [row('app', app, share), row('bare node:http', bare, '')];
}

function printResults(results: TargetFigures[]): void {
  const columns = [
    { title: 'target' },
    { title: 'server' },
    { title: 'req/s', alignRight: true },
    { title: 'p99 ms', alignRight: true },
    { title: 'bytes/response', alignRight: true },
    { title: 'app % of bare', alignRight: true },
  ];
  console.log(`\n${formatTable(columns, results.flatMap(tableRows))}`);
  console.log('bytes/response counts headers and body as received; both servers send the same body:');
  for (const { target, bodyBytes, app, bare } of results) {
    console.log(`  ${target.name}: body ${formatNumber(bodyBytes)} bytes`);
    for (const problem of problemsByRound(app)) console.log(`  warning, app, ${problem}`);
    for (const problem of problemsByRound(bare)) console.log(`  warning, bare, ${problem}`);
  }
}

function printMemory(pid: number | undefined): void {
  const memory = readMemory(pid);
  if (!memory) {
    console.log('app memory: unavailable (needs /proc)');
    return;
  }
  console.log(
    `app memory after the runs: RSS ${formatNumber(memory.rssMb, 1)} MB, peak (VmHWM) ${formatNumber(memory.peakMb, 1)} MB`,
  );
}

export async function benchReads(shop: IsolatedShop, settings: RoundSettings): Promise<void> {
  const results: TargetFigures[] = [];
  for (const [index, target] of targets.entries()) results.push(await benchTarget(shop, target, index, settings));
  printResults(results);
  printMemory(shop.app.child.pid);
}
