// Part `licences`: POST /api/licenses/validate, the check every licensed robot makes (issue 18,
// "Speed"), by 50 connections against a bare node:http twin doing the same lookup, records and
// signatures (bare-licences-handler.ts), and against the machine's ceiling: plain node:http
// answering one fixed licence answer, no work at all, to the same load generator. The three take
// turns round by round.
import { createHmac, createPublicKey, randomUUID, verify } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import autocannon from 'autocannon';
import type { Insertable, Kysely } from 'kysely';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/database.js';
import type { Database } from '../src/server/db/schema.js';
import { createLicencesService } from '../src/server/modules/licences/licences.service.js';
import { LICENCE_ADDRESS_LIMIT, LICENCE_KEY_LIMIT } from '../src/server/modules/licences/licences.routes.js';
import type { LicenceKeys, RobotLicenceSecret } from '../src/shared/schemas/licences.js';
import { startBareOnShopDatabase, type IsolatedShop } from './isolated-shop.js';
import { CONNECTIONS, latencyP99, problemsOf, requestsPerSecond } from './load.js';
import { formatNumber, formatTable } from './report.js';
import {
  formatPercentSpread,
  formatSpread,
  percentages,
  problemsByRound,
  spread,
  takeTurns,
  type RoundSettings,
} from './rounds.js';
import { BENCH_ADMIN as ADMIN, cpuUsPer, readCpuMs, startBare, stopServer, type ServerProcess } from './servers.js';
import { call, newClient, signIn } from './shop-client.js';

/**
 * The shop limits each licence key to LICENCE_KEY_LIMIT.max checks a minute, and each address to
 * LICENCE_ADDRESS_LIMIT.max, through the shared limiter; the bench must measure answers, not
 * refusals, and must not switch the limiter off. So it spreads the load as a real fleet would:
 * each licence is one robot on its own address, and no key is checked more often than its limit
 * allows during the whole part. That takes as many licences as the app could answer in its share
 * of the part at this rate, divided by the checks each key may make.
 */
const KEY_BUDGET = LICENCE_KEY_LIMIT.max;
const SIZED_FOR_ANSWERS_PER_SECOND = 10_000;
const BUYERS = 3;
/** Issue 18's target for validation by 50 connections on SQLite. */
const GOAL = { answersPerSecond: 5_000, p99Ms: 10 };
/** Rows per insert while the shop is set up. */
const SETUP_ROWS_PER_INSERT = 200;
const ACCOUNT_SERVER = 'Bench-Broker-Live';

interface BenchLicence {
  id: string;
  key: string;
  login: string;
  /** The robot's address as the shop's proxy reports it (X-Forwarded-For; the bench app trusts one proxy). */
  address: string;
}

interface Shop {
  robotId: string;
  eaSecret: string;
  licences: BenchLicence[];
  /** One more, for the check that both servers answer alike; outside the measured keys' budget. */
  probe: BenchLicence;
}

function licencesNeeded(settings: RoundSettings): number {
  const appSeconds = settings.warmupSeconds + settings.rounds * settings.roundSeconds;
  return Math.ceil((SIZED_FOR_ANSWERS_PER_SECOND * appSeconds) / KEY_BUDGET);
}

/** The n-th robot's address: 10.0.0.1 upwards, one per licence, never the same for two. */
function addressOf(n: number): string {
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${(n & 255) + 1}`;
}

function requestBody(robotId: string, licence: BenchLicence, nonce: string): string {
  return JSON.stringify({
    license_key: licence.key,
    robot_id: robotId,
    account_login: licence.login,
    account_server: ACCOUNT_SERVER,
    account_mode: 'real',
    platform: 'MT5',
    ea_version: '1.0.0',
    nonce,
  });
}

/**
 * One request on a connection of its own: after the set-up's long quiet spell, a pooled
 * connection may be the one the server is just closing (its keep-alive timeout).
 */
function send(url: string, method: string, headers: Record<string, string> = {}, body?: string) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const outgoing = request(url, { method, headers, agent: false }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

function postLicence(origin: string, endpoint: string, robotId: string, licence: BenchLicence, nonce: string) {
  return send(
    `${origin}/api/licenses/${endpoint}`,
    'POST',
    { 'content-type': 'application/json', 'x-forwarded-for': licence.address },
    requestBody(robotId, licence, nonce),
  );
}

/**
 * Paid orders, each with its licence as the payment callback issues it (LicencesService's
 * issueForOrder, the call the orders module makes on a paid status), each but the last bound to a
 * real account as an activation binds it, written straight into the part's database: through the
 * payment workflow, thousands of orders would each queue emails that the app would still be
 * sending while the rounds run, and activating through the API would take a minute on a busy
 * machine. The last licence is activated through the API, for the probe.
 */
async function issueLicences(shop: IsolatedShop, robotId: string, buyers: string[], count: number) {
  const config = loadConfig({ DATA_DIR: shop.dataDir, DATABASE_URL: shop.databaseUrl ?? '' });
  const database = await openDatabase(config.database);
  try {
    const { db } = database;
    const robot = await db
      .selectFrom('robots')
      .select(['name', 'price'])
      .where('id', '=', robotId)
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const userIds = (await db.selectFrom('users').select('id').where('email', 'in', buyers).execute()).map(
      (user) => user.id,
    );
    const orders = Array.from({ length: count }, (_, index) => ({
      id: randomUUID(),
      user_id: userIds[index % userIds.length]!,
      robot_id: robotId,
      robot_name: robot.name,
      telegram_username: '@bench',
      strategy_instructions: 'Bench licence: the robot as released, no instructions.',
      price: robot.price,
      status: 'paid' as const,
      estimated_delivery: now,
      expected_amount: robot.price,
      amount_paid: robot.price,
      created_date: now,
      updated_at: now,
    }));
    // One transaction: thousands of commits would take most of the set-up's time.
    const licences = await db.transaction().execute(async (trx) => {
      await inserted(trx, 'orders', orders);
      const service = createLicencesService(trx, config);
      const issued: BenchLicence[] = [];
      for (const [index, order] of orders.entries()) {
        const licence = await service.issueForOrder(order.id);
        if (!licence) throw new Error(`order ${order.id} got no licence: is the robot licensed?`);
        issued.push({ id: licence.id, key: licence.key, login: String(50_000_000 + index), address: addressOf(index) });
      }
      await inserted(
        trx,
        'licence_activations',
        issued.slice(0, -1).map((licence) => ({
          id: randomUUID(),
          licence_id: licence.id,
          account_login: licence.login,
          account_server: ACCOUNT_SERVER,
          account_mode: 'real' as const,
          slot: 1,
          platform: 'MT5',
          ea_version: '1.0.0',
          first_seen_at: now,
          last_seen_at: now,
        })),
      );
      return issued;
    });
    return licences;
  } finally {
    await database.close();
  }
}

async function inserted<T extends 'orders' | 'licence_activations'>(
  db: Kysely<Database>,
  table: T,
  rows: Array<Insertable<Database[T]>>,
): Promise<void> {
  for (let start = 0; start < rows.length; start += SETUP_ROWS_PER_INSERT)
    await db
      .insertInto(table)
      .values(rows.slice(start, start + SETUP_ROWS_PER_INSERT) as never)
      .execute();
}

async function setUpShop(shop: IsolatedShop, count: number): Promise<Shop> {
  const origin = shop.app.origin;
  const admin = await signIn(origin, ADMIN.email, ADMIN.password);
  const created = (await (
    await call(origin, 'POST', '/api/admin/robots', admin, {
      name: 'Bench licensed robot',
      price: 149,
      licence_required: true,
      licence_real_slots: 1,
      licence_demo_slots: 2,
    })
  ).json()) as { id: string };
  const robotId = created.id;
  const tab = (await (
    await call(origin, 'GET', `/api/admin/robots/${robotId}/licence`, admin)
  ).json()) as RobotLicenceSecret;
  if (!tab.ea_secret) throw new Error('the licensed robot shows no EA secret');

  const buyers: string[] = [];
  for (let i = 0; i < BUYERS; i++) {
    const buyer = await newClient(origin, i);
    const session = (await (await call(origin, 'GET', '/api/auth/get-session', buyer)).json()) as {
      user: { email: string };
    };
    buyers.push(session.user.email);
  }
  const licences = await issueLicences(shop, robotId, buyers, count + 1);
  const probe = licences[count]!;
  const activation = await postLicence(origin, 'activate', robotId, probe, 'bench-probe-activate-nonce');
  if (activation.status !== 200)
    throw new Error(`the probe's activation answered ${activation.status}: ${activation.text}`);
  return { robotId, eaSecret: tab.ea_secret, licences: licences.slice(0, count), probe };
}

function startBareLicences(shop: IsolatedShop): Promise<ServerProcess> {
  const config = loadConfig({ DATA_DIR: shop.dataDir, DATABASE_URL: shop.databaseUrl ?? '' });
  const secret = config.licenceSecret ?? config.authSecret!;
  return startBareOnShopDatabase(shop, 'bare-licences', { BARE_LICENCE_SECRET: secret });
}

/**
 * The ceiling: node:http answering every request with the app's own answer to the probe licence,
 * read once from a file (bare-server.ts), so the bytes on the wire are a real answer's. Whatever a
 * check costs beyond receiving a request and writing its answer is missing from it: if even this
 * cannot reach a rate on this machine with this load generator, no server doing the work can.
 */
async function startFixedAnswer(shop: IsolatedShop, setUp: Shop): Promise<ServerProcess> {
  const answer = await postLicence(shop.app.origin, 'validate', setUp.robotId, setUp.probe, 'bench-probe-fixed-nonce');
  if (answer.status !== 200) throw new Error(`the app answered the probe ${answer.status}: ${answer.text}`);
  const bodyFile = path.join(shop.dataDir, 'fixed-licence-answer.json');
  writeFileSync(bodyFile, answer.text);
  return startBare(bodyFile, 'application/json; charset=utf-8');
}

/**
 * Both servers answer the probe licence with a payload that verifies with the shop's public key
 * and the robot's EA secret and says the same thing (apart from the nonce and the time), so the
 * twin is known to do the work the app does.
 */
async function checkSameAnswers(app: string, bare: string, shop: Shop): Promise<void> {
  const keys = JSON.parse((await send(`${app}/api/licenses/keys`, 'GET')).text) as LicenceKeys;
  const publicKey = createPublicKey(keys.keys.find((key) => key.kid === keys.current_kid)!.public_key_pem);
  const decoded = async (origin: string, name: string) => {
    const answer = await postLicence(origin, 'validate', shop.robotId, shop.probe, `bench-probe-${name}-nonce`);
    if (answer.status !== 200) throw new Error(`${name} answered ${answer.status}: ${answer.text}`);
    const { payload, signature, hmac } = JSON.parse(answer.text) as {
      payload: string;
      signature: string;
      hmac: string;
    };
    if (!verify(null, Buffer.from(payload), publicKey, Buffer.from(signature, 'base64url')))
      throw new Error(`${name}: the signature does not verify`);
    if (createHmac('sha256', shop.eaSecret).update(payload).digest('hex') !== hmac)
      throw new Error(`${name}: the HMAC does not verify`);
    const fields = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    delete fields.nonce;
    delete fields.server_time;
    delete fields.lease_until;
    delete fields.grace_until;
    return JSON.stringify(fields);
  };
  const [fromApp, fromBare] = [await decoded(app, 'app'), await decoded(bare, 'bare')];
  if (fromApp !== fromBare) throw new Error(`the bare twin answers otherwise:\napp  ${fromApp}\nbare ${fromBare}`);
}

interface LicenceFigures {
  answersPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** The server's CPU time per answer during the round; NaN where /proc cannot tell. */
  cpuUsPerAnswer: number;
  problems: string[];
}

/** Where the next request's licence comes from: one cursor per server, so each side spreads its own load. */
interface Cursor {
  next: number;
}

/** 50 connections validating for `seconds`, each request the next licence in turn with a fresh nonce. */
async function validateLoad(
  server: ServerProcess,
  shop: Shop,
  cursor: Cursor,
  seconds: number,
): Promise<LicenceFigures> {
  const cpuBefore = readCpuMs(server.child.pid);
  const result = await autocannon({
    url: server.origin,
    connections: CONNECTIONS,
    pipelining: 1,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const index = cursor.next++;
          const licence = shop.licences[index % shop.licences.length]!;
          return {
            ...request,
            path: '/api/licenses/validate',
            body: requestBody(shop.robotId, licence, `bench-nonce-${index.toString(36).padStart(10, '0')}`),
            headers: { 'content-type': 'application/json', 'x-forwarded-for': licence.address },
          };
        },
      },
    ],
  });
  const cpuAfter = readCpuMs(server.child.pid);
  const answers = result.requests.total;
  return {
    answersPerSecond: requestsPerSecond(result),
    p50Ms: answers > 0 ? result.latency.p50 : Number.NaN,
    p99Ms: latencyP99(result),
    cpuUsPerAnswer: cpuUsPer(answers, cpuBefore, cpuAfter),
    problems: problemsOf(result),
  };
}

/** Prints the licence validation figures. */
export async function benchLicences(shop: IsolatedShop, settings: RoundSettings): Promise<void> {
  const count = licencesNeeded(settings);
  console.log(
    `setting up a licensed robot with ${formatNumber(count)} paid orders' licences, each activated on an account…`,
  );
  const started = Date.now();
  const setUp = await setUpShop(shop, count);
  console.log(`  set up in ${formatNumber((Date.now() - started) / 1000, 1)} s`);
  const bare = await startBareLicences(shop);
  let fixed: ServerProcess | undefined;
  try {
    await checkSameAnswers(shop.app.origin, bare.origin, setUp);
    fixed = await startFixedAnswer(shop, setUp);
    const ceiling = fixed;
    console.log(
      `POST /api/licenses/validate, ${CONNECTIONS} connections: app, bare node:http (same lookup, records, Ed25519 and HMAC) and node:http answering a fixed answer (the machine's ceiling) in turn…`,
    );
    const appCursor: Cursor = { next: 0 };
    const bareCursor: Cursor = { next: 0 };
    const fixedCursor: Cursor = { next: 0 };
    const [appRounds, bareRounds, fixedRounds] = await takeTurns(settings, [
      (seconds) => validateLoad(shop.app, setUp, appCursor, seconds),
      (seconds) => validateLoad(bare, setUp, bareCursor, seconds),
      (seconds) => validateLoad(ceiling, setUp, fixedCursor, seconds),
    ]);
    const rounds = { a: appRounds!, b: bareRounds!, fixed: fixedRounds! };
    for (const problem of problemsByRound(rounds.a)) console.log(`  warning, app, ${problem}`);
    for (const problem of problemsByRound(rounds.b)) console.log(`  warning, bare, ${problem}`);
    for (const problem of problemsByRound(rounds.fixed)) console.log(`  warning, fixed answer, ${problem}`);
    // Key after key: no key was sent more than this many checks.
    const perKey = Math.ceil(appCursor.next / count);
    if (perKey > KEY_BUDGET)
      console.log(
        `  warning: the app was sent up to ${perKey} checks per key, more than the ${KEY_BUDGET} of its per-key limit: it answered faster than the ${formatNumber(SIZED_FOR_ANSWERS_PER_SECOND)}/s the licences are counted for, and its refusals (429) count as non-2xx above`,
      );
    const rate = (figures: LicenceFigures[]) =>
      `${formatSpread(figures.map((round) => round.answersPerSecond))} answers/s`;
    const p50 = (figures: LicenceFigures[]) => formatSpread(figures.map((round) => round.p50Ms));
    const p99 = (figures: LicenceFigures[]) => formatSpread(figures.map((round) => round.p99Ms));
    const cpu = (figures: LicenceFigures[]) => formatSpread(figures.map((round) => round.cpuUsPerAnswer));
    const share = formatPercentSpread(
      percentages(
        rounds.a.map((round) => round.answersPerSecond),
        rounds.b.map((round) => round.answersPerSecond),
      ),
    );
    const columns = [
      { title: 'licences' },
      { title: 'server' },
      { title: 'figure' },
      { title: 'p50 ms', alignRight: true },
      { title: 'p99 ms', alignRight: true },
      { title: 'CPU µs/answer', alignRight: true },
      { title: 'app % of bare', alignRight: true },
    ];
    const measure = `validate, ${CONNECTIONS} connections`;
    console.log(
      `\n${formatTable(columns, [
        [measure, 'app', rate(rounds.a), p50(rounds.a), p99(rounds.a), cpu(rounds.a), share],
        [measure, 'bare node:http', rate(rounds.b), p50(rounds.b), p99(rounds.b), cpu(rounds.b), ''],
        [
          measure,
          'fixed answer (ceiling)',
          rate(rounds.fixed),
          p50(rounds.fixed),
          p99(rounds.fixed),
          cpu(rounds.fixed),
          '',
        ],
      ])}`,
    );
    // Bare CPU over app CPU, round by round: the share the app would reach if each had a core of its own.
    const cpuShare = formatPercentSpread(
      percentages(
        rounds.b.map((round) => round.cpuUsPerAnswer),
        rounds.a.map((round) => round.cpuUsPerAnswer),
      ),
    );
    const appCpu = spread(rounds.a.map((round) => round.cpuUsPerAnswer));
    if (appCpu)
      console.log(
        `  CPU per answer (the server process's user and system time over its answers in the round; less moved by neighbours than answers/s): bare's over app's ${cpuShare}; with a core of its own the app would answer about ${formatNumber(1e6 / appCpu.median)}/s`,
      );
    // Issue 18's goal, round by round, for each of the three: the ceiling's rounds say whether
    // this machine and load generator allow it at all.
    const goalMet = (figures: LicenceFigures[]) =>
      figures.filter((round) => round.answersPerSecond >= GOAL.answersPerSecond && round.p99Ms <= GOAL.p99Ms).length;
    console.log(
      `  issue 18's goal (at least ${formatNumber(GOAL.answersPerSecond)} answers/s with p99 ≤ ${GOAL.p99Ms} ms), rounds that met it: app ${goalMet(rounds.a)}, bare ${goalMet(rounds.b)}, fixed answer ${goalMet(rounds.fixed)}, of ${rounds.a.length}`,
    );
    console.log(
      `  ${formatNumber(count)} licences, each activated on its own real account and validated from its own address (X-Forwarded-For), key after key with a fresh nonce each time; at most ${perKey} check${perKey === 1 ? '' : 's'} per key and address in the whole part (limits: ${LICENCE_KEY_LIMIT.max} per key and ${LICENCE_ADDRESS_LIMIT.max} per address a minute)`,
    );
  } finally {
    if (fixed) await stopServer(fixed);
    await stopServer(bare);
  }
}
