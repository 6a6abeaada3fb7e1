import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TBL_REFUSED, TBL_RETRY_SECONDS } from '../../../../tests/support/licence-robot-client.js';
import {
  buyLicence,
  createLicensedRobot,
  createLicenceShop,
  network,
  robotClient,
  terminal,
  type LicensedRobot,
  type LicenceShop,
  type Network,
} from '../../../../tests/support/licences.js';
import { createOrder, paymentCallback } from '../../../../tests/support/orders.js';
import { requester, type Requester } from '../../../../tests/support/requests.js';
import { signIn } from '../../../../tests/support/sessions.js';
import { TEST_ADMIN, testDialects } from '../../../../tests/support/test-app.js';
import { FREE_SLOT_LIMIT, type ClientLicence, type LicensedOrder } from '../../../shared/schemas/client-licences.js';
import type { AdminOrderDetail } from '../../../shared/schemas/orders.js';
import { CLIENT_LICENCE_LIMIT } from './client-licences.routes.js';
import { createLicencesService } from './licences.service.js';

const DAY_MS = 86_400_000;

describe.each(testDialects)("the client's licence page on %s", (dialect) => {
  let shop: LicenceShop;
  let robot: LicensedRobot;
  let addresses = 0;
  const nextNetwork = (): Network => network(`203.0.113.${++addresses}`);

  /** A client who bought the licensed robot, with their session and the robot on their terminals. */
  const buyer = async (licensed: LicensedRobot = robot) => {
    const bought = await buyLicence(shop, licensed.id);
    const net = nextNetwork();
    return {
      ...bought,
      api: requester(shop.app, bought.client.cookie),
      /** The robot on a terminal of this account, with the key the licence page shows. */
      robotOn: (account: Parameters<typeof terminal>[1], key = bought.key) => {
        const on = terminal(net, account);
        return { on, robot: robotClient(shop, licensed, key, on) };
      },
    };
  };
  const licenceOf = async (api: Requester, orderId: string) => {
    const response = await api.get(`/api/orders/${orderId}/licence`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ClientLicence>();
  };
  const free = (api: Requester, orderId: string, activationId: string) =>
    api.post(`/api/orders/${orderId}/licence/activations/${activationId}/free`);
  const activationsOf = (licenceId: string) =>
    shop.app.database.db
      .selectFrom('licence_activations')
      .selectAll()
      .where('licence_id', '=', licenceId)
      .orderBy('first_seen_at')
      .orderBy('account_login')
      .execute();

  beforeAll(async () => {
    shop = await createLicenceShop(dialect);
    robot = await createLicensedRobot(shop, { licence_real_slots: 1, licence_demo_slots: 2 });
  });
  afterAll(() => shop?.close());

  it('shows its owner the key the robot runs with, the slots used per mode and each live activation', async () => {
    const { api, orderId, key, robotOn } = await buyer();
    const fresh = await licenceOf(api, orderId);
    expect(fresh).toMatchObject({
      order_id: orderId,
      robot_name: robot.name,
      key,
      status: 'active',
      expires_at: null,
      slots: { real: { used: 0, total: 1 }, demo: { used: 0, total: 2 } },
      activations: [],
      frees: { used: 0, limit: FREE_SLOT_LIMIT, window_days: 30, next_free_at: null },
    });

    // The robot is given the key exactly as the page shows it, and runs with it.
    const real = robotOn({ login: 5001, server: 'Broker-Live' }, fresh.key);
    const demo = robotOn({ login: 7001, server: 'Broker-Demo', real: false, platform: 'MT4' }, fresh.key);
    expect(await real.robot.Check()).toBe(true);
    expect(await demo.robot.Check()).toBe(true);

    const page = await licenceOf(api, orderId);
    expect(page.slots).toEqual({ real: { used: 1, total: 1 }, demo: { used: 1, total: 2 } });
    expect(page.activations).toEqual([
      {
        id: expect.any(String),
        account_login: '5001',
        account_server: 'Broker-Live',
        account_mode: 'real',
        platform: 'MT5',
        ea_version: '1.0.0',
        first_seen_at: expect.any(String),
        last_seen_at: expect.any(String),
      },
      {
        id: expect.any(String),
        account_login: '7001',
        account_server: 'Broker-Demo',
        account_mode: 'demo',
        platform: 'MT4',
        ea_version: '1.0.0',
        first_seen_at: expect.any(String),
        last_seen_at: expect.any(String),
      },
    ]);
    const [first] = page.activations;
    expect(Date.parse(first!.last_seen_at)).toBeGreaterThanOrEqual(Date.parse(first!.first_seen_at));
    // The list answers which orders have a licence (My Orders' "Licence" action).
    const list = await api.get('/api/orders/licences');
    expect(list.json<LicensedOrder[]>()).toEqual([{ order_id: orderId, status: 'active', expires_at: null }]);
  });

  it("answers 404 for another client's order and an administrator alike, no_licence for an order without one, 401 signed out", async () => {
    const owner = await buyer();
    const { robot: onTerminal } = owner.robotOn({ login: 5101 });
    expect(await onTerminal.Check()).toBe(true);
    const [activation] = (await licenceOf(owner.api, owner.orderId)).activations;

    const other = await buyer();
    const administrator = requester(shop.app, await signIn(shop.app, TEST_ADMIN.email, TEST_ADMIN.password));
    const strangers: Requester[] = [other.api, administrator];
    for (const stranger of strangers) {
      const read = await stranger.get(`/api/orders/${owner.orderId}/licence`);
      expect(read.statusCode).toBe(404);
      expect(read.json()).toMatchObject({ error: { code: 'not_found', message: 'Order not found.' } });
      const freed = await free(stranger, owner.orderId, activation!.id);
      expect(freed.statusCode).toBe(404);
      expect((await stranger.get('/api/orders/licences')).json<LicensedOrder[]>()).not.toContainEqual(
        expect.objectContaining({ order_id: owner.orderId }),
      );
    }
    // Another client's activation through their own order: not theirs to free.
    expect((await free(other.api, other.orderId, activation!.id)).statusCode).toBe(404);
    expect((await licenceOf(owner.api, owner.orderId)).activations).toHaveLength(1);

    const anonymous = requester(shop.app);
    expect((await anonymous.get(`/api/orders/${owner.orderId}/licence`)).statusCode).toBe(401);
    expect((await free(anonymous, owner.orderId, activation!.id)).statusCode).toBe(401);
    expect((await anonymous.get('/api/orders/licences')).statusCode).toBe(401);

    // An order of a robot that requires no licence.
    const created = await shop.admin('POST', '/api/admin/robots', { name: 'Unlicensed robot', price: 20 });
    const plain = await createOrder(shop.app, owner.client.cookie, created.json<{ id: string }>().id);
    await paymentCallback(shop.app, { order_id: plain.id, status: 'paid' });
    const none = await owner.api.get(`/api/orders/${plain.id}/licence`);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ error: { code: 'no_licence', message: 'This order has no licence.' } });
    expect((await free(owner.api, plain.id, activation!.id)).json()).toMatchObject({ error: { code: 'no_licence' } });
  });

  it('answers 4xx, never 500, for ids that are unknown, empty or too long', async () => {
    const { api, orderId } = await buyer();
    // Longer than any id: the router refuses it before any route runs (Fastify's maxParamLength, 100).
    const long = 'x'.repeat(101);
    const cases: Array<[string, 'GET' | 'POST', number]> = [
      ['/api/orders/no-such-order/licence', 'GET', 404],
      [`/api/orders/${long}/licence`, 'GET', 404],
      [`/api/orders/${orderId}/licence/activations/no-such-activation/free`, 'POST', 404],
      [`/api/orders/${orderId}/licence/activations/${long}/free`, 'POST', 414],
      [`/api/orders/no-such-order/licence/activations/no-such-activation/free`, 'POST', 404],
      [`/api/orders/${orderId}/licence/activations//free`, 'POST', 400],
    ];
    for (const [url, method, status] of cases) {
      const response = await api.request(method, url);
      expect(response.statusCode, `${method} ${url}`).toBe(status);
      expect(response.json<{ error: { message: string } }>().error.message).not.toBe('');
    }
  });

  it("frees a real slot: the freed account's next validate is not_activated and a second real account activates", async () => {
    const { api, orderId, licence, client, robotOn } = await buyer();
    const first = robotOn({ login: 5201 });
    const second = robotOn({ login: 5202 });
    expect(await first.robot.Check()).toBe(true);
    expect(await second.robot.Check()).toBe(false);
    expect(second.robot.LastError()).toBe('no_free_slot');

    const [activation] = (await licenceOf(api, orderId)).activations;
    const freed = await free(api, orderId, activation!.id);
    expect(freed.statusCode, freed.body).toBe(200);
    expect(freed.json<ClientLicence>()).toMatchObject({
      slots: { real: { used: 0, total: 1 } },
      activations: [],
      frees: { used: 1, limit: FREE_SLOT_LIMIT, next_free_at: null },
    });

    // The robot's view: the freed account is no longer activated...
    expect(await first.robot.Request('validate')).toBe(TBL_REFUSED);
    expect(first.robot.LastError()).toBe('not_activated');
    // ...and the second account, asking again after its retry delay, takes the slot.
    second.on.clock.now += TBL_RETRY_SECONDS;
    expect(await second.robot.Check()).toBe(true);
    expect(second.robot.State()).toBe('licensed');
    expect((await licenceOf(api, orderId)).activations.map((row) => row.account_login)).toEqual(['5202']);

    // The freed row stays, with who freed it; freeing it again is 404.
    expect(await activationsOf(licence.id)).toMatchObject([
      { account_login: '5201', freed_by: client.id, freed_by_role: 'client', freed_at: expect.any(String) },
      { account_login: '5202', freed_by: null, freed_by_role: null, freed_at: null },
    ]);
    const again = await free(api, orderId, activation!.id);
    expect(again.statusCode).toBe(404);
    expect((await licenceOf(api, orderId)).frees.used).toBe(1);

    // The owner sees it on the order's timeline.
    const detail = (await shop.admin('GET', `/api/admin/orders/${orderId}`)).json<AdminOrderDetail>();
    expect(detail.events.filter((event) => event.kind === 'licence_slot_freed')).toEqual([
      expect.objectContaining({
        actor: 'client',
        actor_email: client.email,
        detail: 'real account 5201 on Broker-Live',
        from_status: null,
        to_status: null,
      }),
    ]);
  });

  it('allows 3 frees in 30 days, then 409 naming when the next free is possible; older frees and the owner’s do not count', async () => {
    const { api, orderId, licence, robotOn } = await buyer();
    let login = 5300;
    const activateAndFree = async () => {
      const { robot: onTerminal } = robotOn({ login: ++login });
      expect(await onTerminal.Check()).toBe(true);
      const [activation] = (await licenceOf(api, orderId)).activations;
      return free(api, orderId, activation!.id);
    };
    for (let i = 0; i < FREE_SLOT_LIMIT; i++) expect((await activateAndFree()).statusCode).toBe(200);

    const refused = await activateAndFree();
    expect(refused.statusCode).toBe(409);
    const page = await licenceOf(api, orderId);
    const firstFree = (await activationsOf(licence.id)).find((row) => row.account_login === '5301')!.freed_at!;
    const next = new Date(Date.parse(firstFree) + 30 * DAY_MS).toISOString();
    expect(page.frees).toEqual({ used: 3, limit: 3, window_days: 30, next_free_at: next });
    expect(refused.json()).toMatchObject({
      error: {
        code: 'free_limit_reached',
        message: `You have freed 3 slots in the last 30 days: the next free is possible from ${next.slice(0, 10)} ${next.slice(11, 16)} UTC.`,
      },
    });
    // Nothing was freed by the refusal: the account still runs.
    expect(page.activations.map((row) => row.account_login)).toEqual(['5304']);

    // The first free leaves the window (as if made 31 days ago): one free is possible again.
    const { db } = shop.app.database;
    const monthAgo = new Date(Date.now() - 31 * DAY_MS).toISOString();
    await db
      .updateTable('licence_activations')
      .set({ freed_at: monthAgo })
      .where('licence_id', '=', licence.id)
      .where('account_login', '=', '5301')
      .execute();
    expect((await licenceOf(api, orderId)).frees).toMatchObject({ used: 2, next_free_at: null });
    const [running] = (await licenceOf(api, orderId)).activations;
    expect((await free(api, orderId, running!.id)).statusCode).toBe(200);
    expect((await licenceOf(api, orderId)).frees.used).toBe(3);

    // A free made by an administrator (the owner's reset) is not the client's and does not count.
    await db
      .updateTable('licence_activations')
      .set({ freed_by_role: 'administrator' })
      .where('licence_id', '=', licence.id)
      .where('account_login', '=', '5302')
      .execute();
    expect((await licenceOf(api, orderId)).frees.used).toBe(2);
    expect((await activateAndFree()).statusCode).toBe(200);
  });

  it('lets two tabs freeing at once stay within the limit, and one activation be freed once', async () => {
    const wide = await createLicensedRobot(shop, { licence_real_slots: 4, licence_demo_slots: 0 });
    const { api, orderId, licence, robotOn } = await buyer(wide);
    for (const login of [5401, 5402, 5403, 5404]) expect(await robotOn({ login }).robot.Check()).toBe(true);
    const [a] = (await licenceOf(api, orderId)).activations;

    // The same activation from two tabs: one free, one 404, one line on the timeline.
    const same = await Promise.all([free(api, orderId, a!.id), free(api, orderId, a!.id)]);
    expect(same.map((response) => response.statusCode).sort()).toEqual([200, 404]);
    const [b, c, d] = (await licenceOf(api, orderId)).activations;
    expect((await free(api, orderId, b!.id)).statusCode).toBe(200);

    // Two left to free, one free left: two tabs at once get one free between them.
    const racing = await Promise.all([free(api, orderId, c!.id), free(api, orderId, d!.id)]);
    expect(racing.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const rows = await activationsOf(licence.id);
    expect(rows.filter((row) => row.freed_by_role === 'client')).toHaveLength(FREE_SLOT_LIMIT);
    expect(rows.filter((row) => row.freed_at === null)).toHaveLength(1);
    const detail = (await shop.admin('GET', `/api/admin/orders/${orderId}`)).json<AdminOrderDetail>();
    expect(detail.events.filter((event) => event.kind === 'licence_slot_freed')).toHaveLength(FREE_SLOT_LIMIT);
  });

  it('shows a revoked or expired licence as such, and keeps its slots: freeing is refused (licence_inactive)', async () => {
    const revoked = await buyer();
    const expired = await buyer();
    for (const owner of [revoked, expired]) expect(await owner.robotOn({ login: 5501 }).robot.Check()).toBe(true);
    const activationOf = async (owner: typeof revoked) => (await licenceOf(owner.api, owner.orderId)).activations[0]!;
    const revokedActivation = await activationOf(revoked);
    const expiredActivation = await activationOf(expired);

    await createLicencesService(shop.app.database.db, shop.config).revokeForOrder(revoked.orderId, 'cancelled');
    const past = new Date(Date.now() - DAY_MS).toISOString();
    await shop.app.database.db
      .updateTable('licences')
      .set({ expires_at: past })
      .where('id', '=', expired.licence.id)
      .execute();

    for (const [owner, activation, status] of [
      [revoked, revokedActivation, 'revoked'],
      [expired, expiredActivation, 'expired'],
    ] as const) {
      const page = await licenceOf(owner.api, owner.orderId);
      expect(page).toMatchObject({ status, activations: [{ id: activation.id }] });
      const refused = await free(owner.api, owner.orderId, activation.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        error: { code: 'licence_inactive', message: `This licence is ${status}: its slots cannot be freed.` },
      });
      expect((await licenceOf(owner.api, owner.orderId)).frees.used).toBe(0);
      expect((await owner.api.get('/api/orders/licences')).json<LicensedOrder[]>()).toEqual([
        expect.objectContaining({ order_id: owner.orderId, status }),
      ]);
    }
  });

  it('lists only the signed-in client’s licensed orders, newest first', async () => {
    const owner = await buyer();
    const second = await buyLicence(shop, robot.id);
    // A second licensed order of the same client.
    const order = await createOrder(shop.app, owner.client.cookie, robot.id, { 'idempotency-key': 'second-licence' });
    await paymentCallback(shop.app, { order_id: order.id, status: 'paid' });
    const list = (await owner.api.get('/api/orders/licences')).json<LicensedOrder[]>();
    expect(list.map((row) => row.order_id)).toEqual([order.id, owner.orderId]);
    expect(list.map((row) => row.order_id)).not.toContain(second.orderId);
  });

  it('limits each client to 30 requests a minute on these routes, without touching another client', async () => {
    const hurried = await buyer();
    const calm = await buyer();
    for (let i = 0; i < CLIENT_LICENCE_LIMIT.max; i++)
      expect((await hurried.api.get(`/api/orders/${hurried.orderId}/licence`)).statusCode).toBe(200);
    const limited = await hurried.api.get(`/api/orders/${hurried.orderId}/licence`);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: { code: 'rate_limited' } });
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await hurried.api.post(`/api/orders/${hurried.orderId}/licence/activations/x/free`)).statusCode).toBe(429);
    expect((await calm.api.get(`/api/orders/${calm.orderId}/licence`)).statusCode).toBe(200);
  });
});
