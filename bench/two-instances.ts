// Issue 12: the shop as two instances on one PostgreSQL database, measured through both at once
// and printed beside the one-instance figures of the same run. Both instances and the load
// generator share the machine's CPUs, so on a small machine the sum shows the overhead of a second
// instance more than its gain; on a machine with a core per instance it shows the scaling.
import autocannon from 'autocannon';
import { CONNECTIONS, type Figures, type LoadSettings } from './load.js';
import { newClient, orderLoad, type OrderFigures } from './orders.js';
import { formatNumber, formatTable } from './report.js';
import { startApp, stopServer, type AppOptions, type ServerProcess } from './servers.js';

/** GET `path` on every origin at once, the connections split between them; answers the sum. */
async function readThroughAll(origins: string[], path: string, { warmupSeconds, seconds }: LoadSettings): Promise<{ requestsPerSecond: number; p99Ms: number; problems: string[] }> {
  const connections = Math.floor(CONNECTIONS / origins.length);
  const run = (duration: number) => Promise.all(origins.map((origin) => autocannon({ url: origin + path, connections, pipelining: 1, duration })));
  if (warmupSeconds > 0) await run(warmupSeconds);
  const results = await run(seconds);
  const problems = results.flatMap((result) => [result.errors && `${result.errors} errors`, result.non2xx && `${result.non2xx} non-2xx`].filter((problem): problem is string => Boolean(problem)));
  return { requestsPerSecond: results.reduce((sum, result) => sum + result.requests.average, 0), p99Ms: Math.max(...results.map((result) => result.latency.p99)), problems };
}

/** Order creation through every origin at once, 50 clients split between them. */
async function ordersThroughAll(origins: string[], robotId: string, settings: LoadSettings): Promise<OrderFigures> {
  const connections = Math.floor(CONNECTIONS / origins.length);
  const sessions = await Promise.all(Array.from({ length: CONNECTIONS }, (_, index) => newClient(origins[index % origins.length]!, 1000 + index)));
  const results = await Promise.all(origins.map((origin, index) => orderLoad(origin, sessions.filter((_, n) => n % origins.length === index), robotId, settings, connections)));
  return { requestsPerSecond: results.reduce((sum, result) => sum + result.requestsPerSecond, 0), p99Ms: Math.max(...results.map((result) => result.p99Ms)), problems: results.flatMap((result) => result.problems) };
}

export interface OneInstanceFigures {
  robots?: Figures;
  orders?: OrderFigures;
}

/**
 * Starts a second instance with the first one's configuration (same DATABASE_URL, same storage
 * folder), measures GET /api/robots and order creation through both, and prints them beside the
 * one-instance figures. Needs DATABASE_URL on PostgreSQL: SQLite is one process per DATA_DIR.
 */
export async function benchTwoInstances(first: ServerProcess, appOptions: AppOptions, one: OneInstanceFigures, settings: LoadSettings, dialect: string): Promise<void> {
  if (dialect !== 'postgres') {
    console.log('\ntwo instances: not run (needs DATABASE_URL on PostgreSQL; SQLite serves one process per DATA_DIR)');
    return;
  }
  console.log('\ntwo instances: starting a second app on the same database and storage…');
  const second = await startApp(appOptions);
  try {
    const origins = [first.origin, second.origin];
    const robots = (await (await fetch(`${first.origin}/api/robots`)).json()) as { id: string }[];
    console.log('GET /api/robots through both instances: measuring…');
    const reads = await readThroughAll(origins, '/api/robots', settings);
    console.log(`POST /api/orders through both instances, ${CONNECTIONS} clients: measuring…`);
    const orders = await ordersThroughAll(origins, robots[0]!.id, settings);
    const row = (measure: string, instances: string, figures: { requestsPerSecond: number; p99Ms: number } | undefined, unit: string) => [
      measure,
      instances,
      figures ? `${formatNumber(figures.requestsPerSecond)} ${unit}` : 'n/a',
      figures ? formatNumber(figures.p99Ms) : 'n/a',
    ];
    const columns = [{ title: 'two instances' }, { title: 'instances' }, { title: 'figure' }, { title: 'p99 ms', alignRight: true }];
    console.log(
      `\n${formatTable(columns, [
        row('GET /api/robots', '1', one.robots, 'req/s'),
        row('GET /api/robots', '2 (25 connections each)', reads, 'req/s'),
        row('create order, 50 clients', '1', one.orders, 'orders/s'),
        row('create order, 50 clients', '2 (25 clients each)', orders, 'orders/s'),
      ])}`,
    );
    for (const problem of [...reads.problems, ...orders.problems]) console.log(`  warning, two instances: ${problem}`);
    console.log('  both instances and the load generator share this machine\'s CPUs; rate limits and sessions are shared through the database');
  } finally {
    await stopServer(second);
  }
}
