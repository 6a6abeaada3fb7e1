// Part `orders`: the orders figures of issue 9, each beside its bare node:http reference, the two
// in alternate rounds: order creation by 50 signed-in clients, payment callbacks reaching 1,000
// open event streams, and a 50 MB download with the server's memory growth.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { alternateDownloads, type DownloadRound } from './downloads.js';
import { openStreams, percentile, type EventStreams } from './event-streams.js';
import { startBareOnShopDatabase, type IsolatedShop } from './isolated-shop.js';
import { CONNECTIONS, latencyP99, problemsOf, requestsPerSecond } from './load.js';
import { formatNumber, formatTable } from './report.js';
import {
  alternate,
  formatPercentSpread,
  formatSpread,
  percentages,
  problemsByRound,
  takeTurns,
  type RoundSettings,
} from './rounds.js';
import {
  BENCH_ADMIN as ADMIN,
  cpuUsPer,
  readCpuMs,
  readMemory,
  startBareScript,
  stopServer,
  type ServerProcess,
} from './servers.js';
import { call, firstRobotId, newClient, signIn, type Session } from './shop-client.js';
import { MAX_ORDER_STREAMS_PER_USER } from '../src/server/modules/orders/order-streams.js';

// Automation secrets have at least 32 characters (issue 7).
const SECRET = 'bench-payment-secret-0123456789abcdef';
const SSE_CLIENTS = 1000;
// The shop lets one client hold at most MAX_ORDER_STREAMS_PER_USER streams, and one address
// MAX_ORDER_STREAMS_PER_ADDRESS (issue 17): the 1,000 streams are those of 100 clients, each
// watching their own order from an address of their own, as 100 waiting buyers would.
const STREAMS_PER_ORDER = MAX_ORDER_STREAMS_PER_USER;
const WATCHED_ORDERS = SSE_CLIENTS / STREAMS_PER_ORDER;
/** Single callbacks per round, one after the other, each reaching its order's 10 streams. */
const ONE_AT_A_TIME = 10;
const FILE_BYTES = 50 * 1024 * 1024;
const STRATEGY = 'Bench strategy: scalp EURUSD in the London session, 1% risk per trade, no martingale at all.';
const ORDER = { telegram_username: '@bench', strategy_instructions: STRATEGY, terms_accepted: true };

export interface OrderFigures {
  requestsPerSecond: number;
  p99Ms: number;
  /** The server's CPU time per order during the round (steadier than orders/s on a shared machine); NaN where /proc cannot tell. */
  cpuUsPerOrder: number;
  problems: string[];
}

/**
 * `connections` connections (50 by default), each one client's session, posting orders for
 * `seconds`; `pid` is the server's process, whose CPU time is read around the round.
 */
export async function orderLoad(
  url: string,
  sessions: Session[],
  robotId: string,
  seconds: number,
  connections = CONNECTIONS,
  pid?: number,
): Promise<OrderFigures> {
  let next = 0;
  const cpuBefore = readCpuMs(pid);
  const body = JSON.stringify({ robot_id: robotId, ...ORDER });
  const result = await autocannon({
    url,
    connections,
    pipelining: 1,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        setupRequest: (req, context) => {
          context.cookie ??= sessions[next++ % sessions.length]!.cookie;
          return {
            ...req,
            path: '/api/orders',
            body,
            headers: { 'content-type': 'application/json', cookie: context.cookie },
          };
        },
      },
    ],
  });
  const cpuAfter = readCpuMs(pid);
  const orders = result.requests.total;
  return {
    requestsPerSecond: requestsPerSecond(result),
    p99Ms: latencyP99(result),
    cpuUsPerOrder: cpuUsPer(orders, cpuBefore, cpuAfter),
    problems: problemsOf(result),
  };
}

type Row = [measure: string, server: string, figure: string, p99: string, share: string];

async function benchOrderCreation(
  shop: IsolatedShop,
  sessions: Session[],
  robotId: string,
  settings: RoundSettings,
): Promise<Row[]> {
  const bare = await startBareOnShopDatabase(shop, 'bare-orders');
  try {
    console.log(
      `POST /api/orders, ${CONNECTIONS} clients: app and bare node:http (same session lookup and insert) in alternate rounds…`,
    );
    const rounds = await alternate(
      settings,
      (seconds) => orderLoad(shop.app.origin, sessions, robotId, seconds, CONNECTIONS, shop.app.child.pid),
      (seconds) => orderLoad(bare.origin, sessions, robotId, seconds, CONNECTIONS, bare.child.pid),
    );
    for (const problem of problemsByRound(rounds.a)) console.log(`  warning, app orders, ${problem}`);
    for (const problem of problemsByRound(rounds.b)) console.log(`  warning, bare orders, ${problem}`);
    const rate = (figures: OrderFigures[]) =>
      `${formatSpread(figures.map((round) => round.requestsPerSecond))} orders/s, CPU ${formatSpread(
        figures.map((round) => round.cpuUsPerOrder),
      )} µs/order`;
    const p99 = (figures: OrderFigures[]) => formatSpread(figures.map((round) => round.p99Ms));
    const share = formatPercentSpread(
      percentages(
        rounds.a.map((round) => round.requestsPerSecond),
        rounds.b.map((round) => round.requestsPerSecond),
      ),
    );
    return [
      ['create order, 50 clients', 'app', rate(rounds.a), p99(rounds.a), share],
      ['create order, 50 clients', 'bare node:http', rate(rounds.b), p99(rounds.b), ''],
    ];
  } finally {
    await stopServer(bare);
  }
}

/**
 * Payment callbacks reaching 1,000 streams: the 100 watched orders are paid at once, each
 * reaching the 10 streams of its page. Two references take turns with the app: the same 100
 * callbacks to a bare node:http server doing the least each needs (secret, compare-and-set of the
 * order's status, the row to its streams; on orders of its own in the same database), and the
 * bare server writing one event to its 1,000 streams (the fan-out alone). A round is one such
 * burst on each side.
 */
async function benchCallbackEvents(
  shop: IsolatedShop,
  bare: ServerProcess,
  admin: Session,
  robotId: string,
  settings: RoundSettings,
): Promise<Row[]> {
  const origin = shop.app.origin;
  console.log(`signing in ${WATCHED_ORDERS} clients, each with an order to watch and one for the reference…`);
  const watched: Array<{ owner: Session; orderId: string; bareOrderId: string }> = [];
  const newOrder = async (owner: Session) =>
    (
      (await (await call(origin, 'POST', '/api/orders', owner, { robot_id: robotId, ...ORDER })).json()) as {
        id: string;
      }
    ).id;
  for (let i = 0; i < WATCHED_ORDERS; i++) {
    const owner = await newClient(origin, CONNECTIONS + i);
    watched.push({ owner, orderId: await newOrder(owner), bareOrderId: await newOrder(owner) });
  }
  // The payment callbacks reference, with the app's automation secret.
  const twin = await startBareOnShopDatabase(shop, 'bare-callbacks', { BARE_SECRET: SECRET });
  console.log(
    `${WATCHED_ORDERS} payment callbacks -> ${SSE_CLIENTS} event streams: app, bare node:http (same callbacks) and bare node:http (1 publish) in turn…`,
  );
  const appStreams = await openStreams((index) => {
    const client = Math.floor(index / STREAMS_PER_ORDER);
    const { owner, orderId } = watched[client]!;
    return {
      url: `${origin}/api/orders/${orderId}/events`,
      // The bench app believes one proxy (servers.ts): each client speaks from an address of its own.
      headers: { cookie: owner.cookie, 'x-forwarded-for': `10.0.${Math.floor(client / 250)}.${(client % 250) + 1}` },
    };
  }, SSE_CLIENTS);
  const twinStreams = await openStreams(
    (index) => ({
      url: `${twin.origin}/events/${watched[Math.floor(index / STREAMS_PER_ORDER)]!.bareOrderId}`,
      headers: {},
    }),
    SSE_CLIENTS,
  );
  const bareStreams = await openStreams(() => ({ url: `${bare.origin}/events`, headers: {} }), SSE_CLIENTS);
  const everyOrder = (send: (order: (typeof watched)[number], index: number) => Promise<unknown>) =>
    Promise.all(watched.map((order, index) => send(order, index)));
  const paidNow = (data: string) => data.includes('"status":"paid"');
  // Each order's callback from an address of its own: 100 callbacks a round would pass the
  // automation limit of one address (300 a minute), which stays on, by the third round.
  const payApp = (orderId: string, index: number) =>
    call(
      origin,
      'POST',
      '/api/hooks/payment',
      undefined,
      { order_id: orderId, status: 'paid' },
      { 'x-secret-token': SECRET, 'x-forwarded-for': `10.1.${Math.floor(index / 250)}.${(index % 250) + 1}` },
    );
  const payTwin = (orderId: string) =>
    call(
      twin.origin,
      'POST',
      '/hooks/payment',
      undefined,
      { order_id: orderId, status: 'paid' },
      {
        'x-secret-token': SECRET,
      },
    );
  // Callbacks only move forward: the administrator puts an order back before it is paid again.
  const unpay = (orderId: string) =>
    call(origin, 'PATCH', `/api/admin/orders/${orderId}`, admin, { status: 'pending_payment' });
  let paid = false;
  // The single callbacks go round the watched orders; each side leaves every order paid.
  let nextAlone = 0;
  /** ONE_AT_A_TIME callbacks one after the other, each awaited on its order's streams. */
  const oneAtATime = async (
    streams: EventStreams,
    idOf: (order: (typeof watched)[number]) => string,
    reset: (orderId: string) => Promise<unknown>,
    pay: (orderId: string, index: number) => Promise<unknown>,
  ) => {
    const delays: number[] = [];
    for (let i = 0; i < ONE_AT_A_TIME; i++) {
      const orderId = idOf(watched[nextAlone++ % WATCHED_ORDERS]!);
      await reset(orderId);
      const paidHere = (data: string) => data.includes(orderId) && paidNow(data);
      delays.push(...(await streams.next(paidHere, () => pay(orderId, i), STREAMS_PER_ORDER)));
    }
    return delays;
  };
  try {
    const [appRounds, twinRounds, publishRounds, appAloneRounds, twinAloneRounds] = await takeTurns<number[]>(
      settings,
      [
        async () => {
          // Callbacks only move forward: the administrator puts the orders back between rounds.
          if (paid) {
            await appStreams.next(
              (data) => data.includes('"status":"pending_payment"'),
              () => everyOrder(({ orderId }) => unpay(orderId)),
            );
          }
          paid = true;
          return appStreams.next(paidNow, () => everyOrder(({ orderId }, index) => payApp(orderId, index)));
        },
        async () => {
          await call(
            twin.origin,
            'POST',
            '/reset',
            undefined,
            watched.map(({ bareOrderId }) => bareOrderId),
          );
          return twinStreams.next(paidNow, () => everyOrder(({ bareOrderId }) => payTwin(bareOrderId)));
        },
        () => bareStreams.next(paidNow, () => call(bare.origin, 'POST', '/publish')),
        // One callback at a time with all 1,000 streams open: the measure the goal was set on
        // before streams were capped per client (one callback then reached 1,000 streams).
        () =>
          oneAtATime(
            appStreams,
            ({ orderId }) => orderId,
            (orderId) =>
              appStreams.next(
                (data) => data.includes(orderId) && data.includes('"status":"pending_payment"'),
                () => unpay(orderId),
                STREAMS_PER_ORDER,
              ),
            payApp,
          ),
        () =>
          oneAtATime(
            twinStreams,
            ({ bareOrderId }) => bareOrderId,
            (orderId) => call(twin.origin, 'POST', '/reset', undefined, [orderId]),
            payTwin,
          ),
      ],
    );
    const median = (delays: number[][]) =>
      `median ${formatSpread(
        delays.map((round) => percentile(round, 0.5)),
        1,
      )} ms`;
    const p99 = (delays: number[][]) => delays.map((round) => percentile(round, 0.99));
    // The app's share of the reference's speed: the reference's p99 over the app's, per round.
    const share = formatPercentSpread(percentages(p99(twinRounds!), p99(appRounds!)));
    const callbacks = `${WATCHED_ORDERS} callbacks -> ${SSE_CLIENTS} SSE clients`;
    const aloneShare = formatPercentSpread(percentages(p99(twinAloneRounds!), p99(appAloneRounds!)));
    const alone = `1 callback, ${SSE_CLIENTS} SSE clients open`;
    return [
      [callbacks, 'app', median(appRounds!), formatSpread(p99(appRounds!), 1), share],
      [callbacks, 'bare node:http', median(twinRounds!), formatSpread(p99(twinRounds!), 1), ''],
      [alone, 'app', median(appAloneRounds!), formatSpread(p99(appAloneRounds!), 1), aloneShare],
      [alone, 'bare node:http', median(twinAloneRounds!), formatSpread(p99(twinAloneRounds!), 1), ''],
      [
        `1 publish -> ${SSE_CLIENTS} SSE clients`,
        'bare node:http',
        median(publishRounds!),
        formatSpread(p99(publishRounds!), 1),
        '',
      ],
    ];
  } finally {
    appStreams.close();
    twinStreams.close();
    bareStreams.close();
    await stopServer(twin);
  }
}

/** The order's 50 MB file through its signed link, against the bare server streaming the same file. */
async function benchDownload(
  shop: IsolatedShop,
  bare: ServerProcess,
  owner: Session,
  admin: Session,
  orderId: string,
  file: string,
  settings: RoundSettings,
): Promise<Row[]> {
  const origin = shop.app.origin;
  await call(origin, 'PATCH', `/api/admin/orders/${orderId}`, admin, { status: 'paid' });
  const form = new FormData();
  form.append('file', new Blob([Buffer.alloc(FILE_BYTES, 0x5a)]), path.basename(file));
  await call(origin, 'PUT', `/api/admin/orders/${orderId}/file`, admin, form);
  // One link is one download (decision 0008): each download gives one back, then takes a new link.
  const nextLink = async () => {
    await call(origin, 'POST', `/api/admin/orders/${orderId}/download-grants`, admin, { extra: 1 });
    const link = (await (await call(origin, 'POST', `/api/orders/${orderId}/download`, owner)).json()) as {
      url: string;
    };
    return origin + new URL(link.url).pathname;
  };
  const appRssBefore = readMemory(shop.app.child.pid)?.rssMb ?? 0;
  const bareRssBefore = readMemory(bare.child.pid)?.rssMb ?? 0;
  console.log('50 MB download, 2 at a time: app and bare node:http taking turns pair by pair…');
  const rounds = await alternateDownloads(
    settings,
    { nextUrl: nextLink, pid: shop.app.child.pid },
    { nextUrl: async () => `${bare.origin}/file`, pid: bare.child.pid },
  );
  const rate = (figures: DownloadRound[]) =>
    `${formatSpread(figures.map((round) => round.mbPerSecond))} MB/s, CPU ${formatSpread(
      figures.map((round) => round.cpuMsPerFile),
    )} ms/file`;
  const growth = (figures: DownloadRound[], before: number) =>
    formatNumber(Math.max(0, ...figures.map((round) => round.peakRssMb - before)), 1);
  const share = formatPercentSpread(
    percentages(
      rounds.a.map((round) => round.mbPerSecond),
      rounds.b.map((round) => round.mbPerSecond),
    ),
  );
  return [
    ['50 MB download', 'app', `${rate(rounds.a)}, RSS +${growth(rounds.a, appRssBefore)} MB`, '', share],
    ['50 MB download', 'bare node:http', `${rate(rounds.b)}, RSS +${growth(rounds.b, bareRssBefore)} MB`, '', ''],
  ];
}

/** Prints the orders figures. */
export async function benchOrders(shop: IsolatedShop, settings: RoundSettings): Promise<void> {
  const origin = shop.app.origin;
  const admin = await signIn(origin, ADMIN.email, ADMIN.password);
  await call(origin, 'PATCH', '/api/admin/settings', admin, { values: { n8n_secret_token: SECRET } });
  const robotId = await firstRobotId(origin);

  console.log(`signing in ${CONNECTIONS} clients…`);
  const sessions: Session[] = [];
  for (let i = 0; i < CONNECTIONS; i++) sessions.push(await newClient(origin, i));
  const rows = await benchOrderCreation(shop, sessions, robotId, settings);

  const owner = sessions[0]!;
  const order = (await (await call(origin, 'POST', '/api/orders', owner, { robot_id: robotId, ...ORDER })).json()) as {
    id: string;
  };
  // MQL source of 50 MB ('Z' is text): the upload's content check reads every byte of it.
  const file = path.join(shop.dataDir, 'robot-50mb.mq5');
  writeFileSync(file, Buffer.alloc(FILE_BYTES, 0x5a));
  const bare = await startBareScript('bare-streams', 'bench/bare-stream-server.ts', { BARE_FILE: file }, '/health');
  try {
    rows.push(...(await benchCallbackEvents(shop, bare, admin, robotId, settings)));
    rows.push(...(await benchDownload(shop, bare, owner, admin, order.id, file, settings)));
  } finally {
    await stopServer(bare);
  }

  const columns = [
    { title: 'orders' },
    { title: 'server' },
    { title: 'figure' },
    { title: 'p99 ms', alignRight: true },
    { title: 'app % of bare', alignRight: true },
  ];
  console.log(`\n${formatTable(columns, rows)}`);
  console.log(
    `  latency = from sending the callback to each stream receiving its event (median and p99 of each round's delays): ${WATCHED_ORDERS} callbacks at once, ${SSE_CLIENTS} streams a round; 1 callback = ${ONE_AT_A_TIME} callbacks one after the other, each to its order's ${STREAMS_PER_ORDER} streams while all ${SSE_CLIENTS} are open; app % of bare = the same-callbacks reference's p99 over the app's, round by round`,
  );
  console.log(
    "  download = 50 MB files fetched 2 at a time, app and bare taking turns pair by pair (A B, B A …) until each has had the round's time, so both fetch as many files and meet the same moments of a busy machine; MB/s over each side's own time, the app's link requests included; CPU = the server's CPU time per file; RSS growth = highest resident memory during the rounds minus before",
  );
}
