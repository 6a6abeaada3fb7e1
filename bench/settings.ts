// What a bench run is told through its environment, read once and checked.
import os from 'node:os';
import { withoutPassword } from '../src/server/db/database.js';
import { CONNECTIONS } from './load.js';
import { formatNumber } from './report.js';
import type { RoundSettings } from './rounds.js';
import { appEntry } from './servers.js';

export interface Settings extends RoundSettings {
  /** Run the TypeScript sources through tsx instead of dist/, for when the build is broken. */
  fromSource: boolean;
  /** Subscribers in the export measurement. */
  exportRows: number;
  /** Messages in the campaign throughput measurement. */
  campaignSize: number;
  /** The PostgreSQL server the parts create their databases on; undefined on SQLite. */
  postgresUrl: string | undefined;
  /** Part names from BENCH_ONLY; undefined runs them all. */
  only: string[] | undefined;
}

function numberFromEnv(name: string, fallback: number, minimum: number, unit = 'seconds'): number {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value < minimum)
    throw new Error(`${name} must be at least ${minimum} ${unit} (got ${JSON.stringify(text)})`);
  return value;
}

export function readSettings(partNames: string[]): Settings {
  const url = process.env.DATABASE_URL;
  const only = process.env.BENCH_ONLY?.split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = only?.filter((name) => !partNames.includes(name)) ?? [];
  if (unknown.length > 0)
    throw new Error(`BENCH_ONLY names no part ${unknown.join(', ')}; the parts are ${partNames.join(', ')}`);
  return {
    warmupSeconds: numberFromEnv('BENCH_WARMUP_SECONDS', 2, 0),
    roundSeconds: numberFromEnv('BENCH_ROUND_SECONDS', 3, 1),
    rounds: Math.round(numberFromEnv('BENCH_ROUNDS', 5, 1, 'rounds')),
    // While the web front end does not build, the server can still be measured from its sources.
    fromSource: process.env.BENCH_FROM_SOURCE === '1' || process.env.BENCH_FROM_SOURCE === 'true',
    exportRows: numberFromEnv('BENCH_EXPORT_ROWS', 50_000, 1, 'rows'),
    campaignSize: numberFromEnv('BENCH_CAMPAIGN_SIZE', 2_000, 1, 'messages'),
    postgresUrl: url && !url.startsWith('sqlite:') ? url : undefined,
    only: only?.length ? only : undefined,
  };
}

export function dialectOf(settings: Settings): 'sqlite' | 'postgres' {
  return settings.postgresUrl ? 'postgres' : 'sqlite';
}

export function printEnvironment(settings: Settings): void {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown model';
  const database = settings.postgresUrl
    ? `postgres (a fresh database per part on ${withoutPassword(settings.postgresUrl)}, dropped after it)`
    : 'sqlite (a fresh file per part in a temporary DATA_DIR)';
  console.log(`node ${process.version}, ${os.availableParallelism()} CPUs (${cpu}), ${os.platform()} ${os.arch()}`);
  console.log(`database: ${database}`);
  console.log(`app: ${appEntry(settings.fromSource)}`);
  console.log(
    `load: autocannon, ${CONNECTIONS} connections, pipelining 1; each comparison: ${formatNumber(settings.warmupSeconds)} s warm-up of each side (discarded), then ${settings.rounds} rounds of ${formatNumber(settings.roundSeconds)} s alternating app and reference (A B A B …); the load generator shares the CPUs`,
  );
  console.log(
    'figures: median over the rounds [lowest–highest round]; a ratio is taken per round, between the two adjacent runs of that round',
  );
}

/** Other work on the machine moves the figures; the load average before and after each part makes that visible. */
export function formatLoadAverage(): string {
  const [one, five, fifteen] = os.loadavg().map((value) => formatNumber(value, 2));
  return `load average ${one} (1 min), ${five} (5 min), ${fifteen} (15 min)`;
}
