// Part `two-instances` (issue 12): the shop as two instances on one PostgreSQL database, measured
// through both at once in rounds alternating with one instance alone. Both instances and the load
// generator share the machine's CPUs, so on a small machine the sum shows the overhead of a second
// instance more than its gain; on a machine with a core per instance it shows the scaling.
import autocannon from 'autocannon';
import type { IsolatedShop } from './isolated-shop.js';
import { CONNECTIONS, latencyP99, problemsOf, requestsPerSecond } from './load.js';
import { orderLoad, type OrderFigures } from './orders.js';
import { formatTable } from './report.js';
import {
  alternate,
  formatPercentSpread,
  formatSpread,
  percentages,
  problemsByRound,
  type RoundSettings,
} from './rounds.js';
import { startApp, stopServer } from './servers.js';
import { firstRobotId, newClient, type Session } from './shop-client.js';

interface Sum {
  requestsPerSecond: number;
  /** The worse instance's. */
  p99Ms: number;
  problems: string[];
}

function sum(results: Array<Omit<OrderFigures, 'cpuUsPerOrder'>>): Sum {
  return {
    requestsPerSecond: results.reduce((total, result) => total + result.requestsPerSecond, 0),
    p99Ms: Math.max(...results.map((result) => result.p99Ms)),
    problems: results.flatMap((result, index) =>
      result.problems.map((problem) => (results.length > 1 ? `instance ${index + 1}: ${problem}` : problem)),
    ),
  };
}

/** GET `path` on every origin at once, the 50 connections split between them. */
async function readThroughAll(origins: string[], path: string, seconds: number): Promise<Sum> {
  const connections = Math.floor(CONNECTIONS / origins.length);
  const results = await Promise.all(
    origins.map((origin) => autocannon({ url: origin + path, connections, pipelining: 1, duration: seconds })),
  );
  return sum(
    results.map((result) => ({
      requestsPerSecond: requestsPerSecond(result),
      p99Ms: latencyP99(result),
      problems: problemsOf(result),
    })),
  );
}

/** Order creation through every origin at once, the 50 clients split between them. */
async function ordersThroughAll(
  origins: string[],
  sessions: Session[],
  robotId: string,
  seconds: number,
): Promise<Sum> {
  const connections = Math.floor(CONNECTIONS / origins.length);
  const results = await Promise.all(
    origins.map((origin, index) =>
      orderLoad(
        origin,
        sessions.filter((_, n) => n % origins.length === index),
        robotId,
        seconds,
        connections,
      ),
    ),
  );
  return sum(results);
}

type Row = [measure: string, instances: string, figure: string, p99: string, share: string];

function rows(measure: string, unit: string, rounds: { a: Sum[]; b: Sum[] }): Row[] {
  const rate = (figures: Sum[]) => `${formatSpread(figures.map((round) => round.requestsPerSecond))} ${unit}`;
  const p99 = (figures: Sum[]) => formatSpread(figures.map((round) => round.p99Ms));
  const share = formatPercentSpread(
    percentages(
      rounds.b.map((round) => round.requestsPerSecond),
      rounds.a.map((round) => round.requestsPerSecond),
    ),
  );
  for (const problem of problemsByRound(rounds.a)) console.log(`  warning, ${measure}, one instance, ${problem}`);
  for (const problem of problemsByRound(rounds.b)) console.log(`  warning, ${measure}, two instances, ${problem}`);
  return [
    [measure, '1', rate(rounds.a), p99(rounds.a), ''],
    [measure, '2 (25 connections each)', rate(rounds.b), p99(rounds.b), share],
  ];
}

/**
 * Starts a second instance with the first one's configuration (same DATABASE_URL, same storage
 * folder) and measures GET /api/robots and order creation through one, then through both, in
 * alternate rounds. Runs on PostgreSQL only: SQLite is one process per DATA_DIR.
 */
export async function benchTwoInstances(shop: IsolatedShop, settings: RoundSettings): Promise<void> {
  const first = shop.app.origin;
  const robotId = await firstRobotId(first);
  console.log(`signing in ${CONNECTIONS} clients…`);
  const sessions: Session[] = [];
  for (let i = 0; i < CONNECTIONS; i++) sessions.push(await newClient(first, 1000 + i));
  console.log('starting a second app on the same database and storage…');
  const second = await startApp(shop.appOptions);
  try {
    const origins = [first, second.origin];
    console.log('GET /api/robots: one instance and both instances in alternate rounds…');
    const reads = await alternate(
      settings,
      (seconds) => readThroughAll([first], '/api/robots', seconds),
      (seconds) => readThroughAll(origins, '/api/robots', seconds),
    );
    console.log(`POST /api/orders, ${CONNECTIONS} clients: one instance and both instances in alternate rounds…`);
    const orders = await alternate(
      settings,
      (seconds) => ordersThroughAll([first], sessions, robotId, seconds),
      (seconds) => ordersThroughAll(origins, sessions, robotId, seconds),
    );
    const columns = [
      { title: 'two instances' },
      { title: 'instances' },
      { title: 'figure' },
      { title: 'p99 ms', alignRight: true },
      { title: '% of one', alignRight: true },
    ];
    console.log(
      `\n${formatTable(columns, [...rows('GET /api/robots', 'req/s', reads), ...rows('create order, 50 clients', 'orders/s', orders)])}`,
    );
    console.log(
      "  both instances and the load generator share this machine's CPUs; rate limits and sessions are shared through the database",
    );
  } finally {
    await stopServer(second);
  }
}
