import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLicencesService } from '../../src/server/modules/licences/licences.service.js';
import type { RobotLicenceSecret } from '../../src/shared/schemas/licences.js';
import { adminApi } from './admin-api.js';
import { TradeBotLicense, type RobotTerminal, type WebAnswer } from './licence-robot-client.js';
import { createOrder, paymentCallback, setSetting, WORKFLOW_SECRET } from './orders.js';
import { createClient, signIn } from './sessions.js';
import { createTestApp, TEST_ADMIN, type TestApp, type TestDialect } from './test-app.js';

/** A shop of its own for licence tests, listening on a local port as a robot's shop would. */
export interface LicenceShop extends TestApp {
  /** http://127.0.0.1:<port> */
  url: string;
  admin: ReturnType<typeof adminApi>;
}

/**
 * A shop with no demo data, a payment workflow secret, and the proxy setting that lets each test
 * speak from an address of its own (X-Forwarded-For), so the per-address limit of one test does
 * not count another's requests.
 */
export async function createLicenceShop(dialect: TestDialect, env: Record<string, string> = {}): Promise<LicenceShop> {
  const shop = await createTestApp(dialect, {
    SEED_DEMO: 'false',
    STATS_REFRESH_SECONDS: '0',
    TRUST_PROXY: '1',
    ...env,
  });
  await setSetting(shop.app, 'n8n_secret_token', WORKFLOW_SECRET);
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = shop.app.server.address() as AddressInfo;
  const admin = adminApi(shop.app, await signIn(shop.app, TEST_ADMIN.email, TEST_ADMIN.password));
  return { ...shop, url: `http://127.0.0.1:${port}`, admin };
}

export interface LicensedRobot {
  id: string;
  name: string;
  eaSecret: string;
}

/** A robot for sale that requires a licence, with its EA secret as the owner's licence tab shows it. */
export async function createLicensedRobot(
  shop: LicenceShop,
  settings: Record<string, unknown> = {},
  name = `Licensed robot ${Math.random().toString(36).slice(2, 8)}`,
): Promise<LicensedRobot> {
  const created = await shop.admin('POST', '/api/admin/robots', {
    name,
    price: 199,
    licence_required: true,
    ...settings,
  });
  if (created.statusCode !== 201) throw new Error(`robot creation failed: ${created.statusCode} ${created.body}`);
  const id = created.json<{ id: string }>().id;
  const tab = await shop.admin('GET', `/api/admin/robots/${id}/licence`);
  if (tab.statusCode !== 200) throw new Error(`licence tab failed: ${tab.statusCode} ${tab.body}`);
  return { id, name, eaSecret: tab.json<RobotLicenceSecret>().ea_secret! };
}

/** A client buys the robot and the payment workflow reports it paid; answers the order and its key. */
export async function buyLicence(shop: LicenceShop, robotId: string, email?: string) {
  const client = await createClient(shop.app, email ?? `buyer-${Math.random().toString(36).slice(2, 10)}@example.com`);
  const order = await createOrder(shop.app, client.cookie, robotId);
  const paid = await paymentCallback(shop.app, { order_id: order.id, status: 'paid' });
  if (paid.statusCode !== 200) throw new Error(`payment callback failed: ${paid.statusCode} ${paid.body}`);
  const licence = await createLicencesService(shop.app.database.db, shop.config).licenceOfOrder(order.id);
  if (!licence) throw new Error(`order ${order.id} got no licence`);
  return { client, orderId: order.id, licence, key: licence.key };
}

/** What lies between a robot and the shop: a proxy naming the robot's address, which a test may cut or tamper with. */
export interface Network {
  address: string;
  /** While set, every request fails as an unreachable server does (WebRequest answers -1). */
  down: boolean;
  /** Changes the request on its way to the shop. */
  rewriteRequest?: (body: string) => string;
  /** Changes the answer on its way back. */
  rewriteAnswer?: (answer: WebAnswer) => WebAnswer;
  /** Every answer as the shop sent it, oldest first. */
  answers: WebAnswer[];
}

export function network(address: string): Network {
  return { address, down: false, answers: [] };
}

/** A MetaTrader terminal on an account, with a clock the test moves. */
export interface TestTerminal extends RobotTerminal {
  clock: { now: number };
}

export function terminal(
  net: Network,
  account: { login: number; server?: string; real?: boolean; platform?: 'MT4' | 'MT5'; tester?: boolean },
): TestTerminal {
  const clock = { now: Math.floor(Date.now() / 1000) };
  return {
    login: account.login,
    server: account.server ?? 'Broker-Live',
    real: account.real ?? true,
    platform: account.platform ?? 'MT5',
    tester: account.tester ?? false,
    clock,
    now: () => clock.now,
    filesFolder: mkdtempSync(path.join(tmpdir(), 'tradebot-terminal-')),
    async webRequest(method, url, headers, _timeoutMs, data) {
      if (net.down) return { status: -1, body: '', error: 5203 };
      const response = await fetch(url, {
        method,
        headers: {
          ...Object.fromEntries(
            headers
              .split('\r\n')
              .filter(Boolean)
              .map((line) => line.split(/:\s*/, 2) as [string, string]),
          ),
          'x-forwarded-for': net.address,
        },
        body: net.rewriteRequest ? net.rewriteRequest(data) : data,
      });
      const answer = { status: response.status, body: await response.text() };
      net.answers.push(answer);
      return net.rewriteAnswer ? net.rewriteAnswer(answer) : answer;
    },
  };
}

/** A robot on a terminal, initialised as its OnInit would: the shop's API, its id and EA secret, the buyer's key. */
export function robotClient(shop: LicenceShop, robot: LicensedRobot, key: string, on: RobotTerminal): TradeBotLicense {
  const client = new TradeBotLicense(on);
  client.Init(`${shop.url}/api/licenses`, robot.id, robot.eaSecret, key, '1.0.0');
  return client;
}
