// The orders figures of issue 9, each beside its reference in the same run: order creation by 50
// signed-in clients, a payment callback reaching 1,000 open event streams, and a 50 MB download.
import { writeFileSync } from 'node:fs';
import { request, type IncomingMessage } from 'node:http';
import path from 'node:path';
import autocannon from 'autocannon';
import { CONNECTIONS, type LoadSettings } from './load.js';
import { formatNumber, formatTable } from './report.js';
import { readMemory, startBareScript, stopServer, type ServerProcess } from './servers.js';

import { BENCH_ADMIN as ADMIN } from './servers.js';
// Automation secrets have at least 32 characters (issue 7).
const SECRET = 'bench-payment-secret-0123456789abcdef';
const SSE_CLIENTS = 1000;
const SSE_ROUNDS = 5;
const FILE_BYTES = 50 * 1024 * 1024;
const DOWNLOADS = 6;
const STRATEGY = 'Bench strategy: scalp EURUSD in the London session, 1% risk per trade, no martingale at all.';

export type Session = { cookie: string };

async function call(origin: string, method: string, url: string, session?: Session, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
  const init: RequestInit = { method, headers: { origin, ...(session ? { cookie: session.cookie } : {}), ...headers } };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)['content-type'] = 'application/json';
  }
  const response = await fetch(origin + url, init);
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
  return response;
}

async function signIn(origin: string, email: string, password: string): Promise<Session> {
  const response = await call(origin, 'POST', '/api/auth/sign-in/email', undefined, { email, password });
  return { cookie: response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ') };
}

export async function newClient(origin: string, index: number): Promise<Session> {
  const email = `bench-client-${index}-${Date.now()}@example.com`;
  await call(origin, 'POST', '/api/auth/sign-up/email', undefined, { email, password: 'bench-password-1', name: `Bench Client ${index}` });
  return signIn(origin, email, 'bench-password-1');
}

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? Number.NaN;
}

interface Row {
  measure: string;
  server: string;
  figure: string;
  p99: string;
  share: string;
}

/** 50 connections (or `connections`), each one client's session, posting orders for the duration. */
export async function orderLoad(url: string, sessions: Session[], robotId: string, settings: LoadSettings, connections = CONNECTIONS) {
  let next = 0;
  const body = JSON.stringify({ robot_id: robotId, telegram_username: '@bench', strategy_instructions: STRATEGY, terms_accepted: true });
  const run = (seconds: number) =>
    autocannon({
      url,
      connections,
      pipelining: 1,
      duration: seconds,
      requests: [
        {
          method: 'POST',
          setupRequest: (req, context) => {
            context.cookie ??= sessions[next++ % sessions.length]!.cookie;
            return { ...req, path: '/api/orders', body, headers: { 'content-type': 'application/json', cookie: context.cookie } };
          },
        },
      ],
    });
  if (settings.warmupSeconds > 0) await run(settings.warmupSeconds);
  const result = await run(settings.seconds);
  const problems = [result.errors && `${result.errors} errors`, result.timeouts && `${result.timeouts} timeouts`, result.non2xx && `${result.non2xx} non-2xx`].filter(Boolean);
  return { requestsPerSecond: result.requests.average, p99Ms: result.latency.p99, problems };
}

/** Opens `count` event streams and resolves each time all of them received an event matching `match`. */
function openStreams(url: string, count: number, headers: Record<string, string>) {
  const sockets: IncomingMessage[] = [];
  let waiting: { match: (data: string) => boolean; times: number[]; resolve: (times: number[]) => void } | null = null;
  const onEvent = (data: string) => {
    if (!waiting || !waiting.match(data)) return;
    waiting.times.push(performance.now());
    if (waiting.times.length === count) {
      const done = waiting;
      waiting = null;
      done.resolve(done.times);
    }
  };
  const opened = Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<void>((resolve, reject) => {
          const outgoing = request(url, { headers, agent: false }, (response) => {
            sockets.push(response);
            let buffer = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => {
              buffer += chunk;
              let end: number;
              while ((end = buffer.indexOf('\n\n')) >= 0) {
                const block = buffer.slice(0, end);
                buffer = buffer.slice(end + 2);
                const data = /^data: (.*)$/m.exec(block)?.[1];
                if (data) onEvent(data);
              }
            });
            resolve();
          });
          outgoing.on('error', reject);
          outgoing.end();
        }),
    ),
  );
  return {
    opened,
    /** Starts waiting, then runs `trigger`; resolves with each stream's arrival time. */
    next(match: (data: string) => boolean, trigger: () => Promise<unknown>): Promise<{ sentAt: number; times: number[] }> {
      return new Promise((resolve, reject) => {
        const sentAt = performance.now();
        waiting = { match, times: [], resolve: (times) => resolve({ sentAt, times }) };
        trigger().catch(reject);
      });
    },
    close: () => sockets.forEach((socket) => socket.destroy()),
  };
}

/** Fetches a URL `total` times, `parallel` at once, counting bytes without keeping them; samples the server's RSS. */
async function downloads(url: string, total: number, parallel: number, pid: number | undefined) {
  let peakRss = 0;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, readMemory(pid)?.rssMb ?? 0);
  }, 20);
  const once = () =>
    new Promise<number>((resolve, reject) => {
      request(url, { agent: false }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => (response.statusCode === 200 ? resolve(bytes) : reject(new Error(`download answered ${response.statusCode}`))));
      })
        .on('error', reject)
        .end();
    });
  const started = performance.now();
  let bytes = 0;
  for (let done = 0; done < total; done += parallel) bytes += (await Promise.all(Array.from({ length: Math.min(parallel, total - done) }, once))).reduce((a, b) => a + b, 0);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  return { mbPerSecond: bytes / 1024 / 1024 / seconds, peakRss };
}

export type OrderFigures = Awaited<ReturnType<typeof orderLoad>>;

/** Prints the orders figures; answers the app's order creation figures for the two-instance run. */
export async function benchOrders(app: ServerProcess, dataDir: string, workDir: string, settings: LoadSettings, dialect: string): Promise<OrderFigures> {
  const origin = app.origin;
  const admin = await signIn(origin, ADMIN.email, ADMIN.password);
  await call(origin, 'PATCH', '/api/admin/settings', admin, { values: { n8n_secret_token: SECRET } });
  const robots = (await (await call(origin, 'GET', '/api/robots')).json()) as { id: string }[];
  const robotId = robots[0]!.id;
  const rows: Row[] = [];

  // 1. Order creation, 50 signed-in clients.
  console.log(`\norders: signing in ${CONNECTIONS} clients…`);
  const sessions: Session[] = [];
  for (let i = 0; i < CONNECTIONS; i++) sessions.push(await newClient(origin, i));
  console.log('POST /api/orders: measuring app…');
  const appOrders = await orderLoad(origin, sessions, robotId, settings);
  let bareOrders: OrderFigures | undefined;
  if (dialect === 'sqlite') {
    const bare = await startBareScript('bare-orders', 'bench/bare-orders-server.ts', { BARE_DB_FILE: path.join(dataDir, 'shop.db') }, '/health');
    try {
      console.log('POST /api/orders: measuring bare node:http (same session lookup and insert)…');
      bareOrders = await orderLoad(bare.origin, sessions, robotId, settings);
    } finally {
      await stopServer(bare);
    }
  }
  rows.push({ measure: 'create order, 50 clients', server: 'app', figure: `${formatNumber(appOrders.requestsPerSecond)} orders/s`, p99: formatNumber(appOrders.p99Ms), share: bareOrders ? `${formatNumber((100 * appOrders.requestsPerSecond) / bareOrders.requestsPerSecond, 1)} %` : 'n/a' });
  if (bareOrders) rows.push({ measure: 'create order, 50 clients', server: 'bare node:http', figure: `${formatNumber(bareOrders.requestsPerSecond)} orders/s`, p99: formatNumber(bareOrders.p99Ms), share: '' });

  // 2. Payment callback -> event on 1,000 open streams of the order's page.
  const owner = sessions[0]!;
  const order = (await (await call(origin, 'POST', '/api/orders', owner, { robot_id: robotId, telegram_username: '@bench', strategy_instructions: STRATEGY, terms_accepted: true })).json()) as { id: string };
  console.log(`payment callback -> ${SSE_CLIENTS} event streams: measuring app…`);
  const streams = openStreams(`${origin}/api/orders/${order.id}/events`, SSE_CLIENTS, { cookie: owner.cookie });
  await streams.opened;
  const appLatencies: number[] = [];
  for (let round = 0; round < SSE_ROUNDS; round++) {
    // Callbacks only move forward: the administrator puts the order back between rounds.
    if (round > 0) {
      await streams.next(
        (data) => data.includes('"status":"pending_payment"'),
        () => call(origin, 'PATCH', `/api/admin/orders/${order.id}`, admin, { status: 'pending_payment' }),
      );
    }
    const body = JSON.stringify({ order_id: order.id, status: 'paid' });
    const { sentAt, times } = await streams.next(
      (data) => data.includes('"status":"paid"'),
      () => call(origin, 'POST', '/api/hooks/payment', undefined, JSON.parse(body), { 'x-secret-token': SECRET }),
    );
    appLatencies.push(...times.map((time) => time - sentAt));
  }
  streams.close();

  // 3. A 50 MB robot file: delivered, then downloaded through one signed link.
  const file = path.join(workDir, 'robot-50mb.zip');
  writeFileSync(file, Buffer.alloc(FILE_BYTES, 0x5a));
  await call(origin, 'PATCH', `/api/admin/orders/${order.id}`, admin, { status: 'paid' });
  const form = new FormData();
  form.append('file', new Blob([Buffer.alloc(FILE_BYTES, 0x5a)]), 'robot-50mb.zip');
  await call(origin, 'PUT', `/api/admin/orders/${order.id}/file`, admin, form);
  const link = (await (await call(origin, 'POST', `/api/orders/${order.id}/download`, owner)).json()) as { url: string };
  const linkPath = new URL(link.url).pathname;
  const rssBefore = readMemory(app.child.pid)?.rssMb ?? 0;
  console.log(`50 MB download: measuring app (${DOWNLOADS} downloads, 2 at a time)…`);
  const appDownload = await downloads(origin + linkPath, DOWNLOADS, 2, app.child.pid);

  const bare = await startBareScript('bare-streams', 'bench/bare-stream-server.ts', { BARE_FILE: file }, '/health');
  const bareLatencies: number[] = [];
  let bareDownload: Awaited<ReturnType<typeof downloads>>;
  try {
    console.log(`payment event -> ${SSE_CLIENTS} event streams: measuring bare node:http…`);
    const bareStreams = openStreams(`${bare.origin}/events`, SSE_CLIENTS, {});
    await bareStreams.opened;
    for (let round = 0; round < SSE_ROUNDS; round++) {
      const { sentAt, times } = await bareStreams.next(
        (data) => data.includes('"status":"paid"'),
        () => call(bare.origin, 'POST', '/publish'),
      );
      bareLatencies.push(...times.map((time) => time - sentAt));
    }
    bareStreams.close();
    console.log('50 MB download: measuring bare node:http…');
    const bareRssBefore = readMemory(bare.child.pid)?.rssMb ?? 0;
    bareDownload = await downloads(`${bare.origin}/file`, DOWNLOADS, 2, bare.child.pid);
    bareDownload.peakRss -= bareRssBefore;
  } finally {
    await stopServer(bare);
  }
  rows.push({ measure: `callback -> ${SSE_CLIENTS} SSE clients`, server: 'app', figure: `median ${formatNumber(percentile(appLatencies, 0.5), 1)} ms`, p99: formatNumber(percentile(appLatencies, 0.99), 1), share: '' });
  rows.push({ measure: `callback -> ${SSE_CLIENTS} SSE clients`, server: 'bare node:http', figure: `median ${formatNumber(percentile(bareLatencies, 0.5), 1)} ms`, p99: formatNumber(percentile(bareLatencies, 0.99), 1), share: '' });
  rows.push({ measure: '50 MB download', server: 'app', figure: `${formatNumber(appDownload.mbPerSecond)} MB/s, RSS +${formatNumber(Math.max(0, appDownload.peakRss - rssBefore), 1)} MB`, p99: '', share: `${formatNumber((100 * appDownload.mbPerSecond) / bareDownload.mbPerSecond, 1)} %` });
  rows.push({ measure: '50 MB download', server: 'bare node:http', figure: `${formatNumber(bareDownload.mbPerSecond)} MB/s, RSS +${formatNumber(Math.max(0, bareDownload.peakRss), 1)} MB`, p99: '', share: '' });

  const columns = [{ title: 'orders' }, { title: 'server' }, { title: 'figure' }, { title: 'p99 ms', alignRight: true }, { title: 'app % of bare', alignRight: true }];
  console.log(`\n${formatTable(columns, rows.map((row) => [row.measure, row.server, row.figure, row.p99, row.share]))}`);
  for (const [name, figures] of [['app', appOrders], ['bare', bareOrders]] as const) if (figures?.problems.length) console.log(`  warning, ${name} orders: ${figures.problems.join(', ')}`);
  if (dialect !== 'sqlite') console.log('  the bare order server reads SQLite only: no reference figure on PostgreSQL');
  console.log(`  latency = from sending the callback to each stream receiving its event, ${SSE_ROUNDS} rounds x ${SSE_CLIENTS} streams; RSS growth = peak during the downloads minus before`);
  return appOrders;
}
