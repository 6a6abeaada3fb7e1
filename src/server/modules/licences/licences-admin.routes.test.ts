import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TBL_OK, TBL_REFUSED, type TradeBotLicense } from '../../../../tests/support/licence-robot-client.js';
import {
  buyLicence,
  createLicensedRobot,
  createLicenceShop,
  network,
  robotClient,
  terminal,
  type LicensedRobot,
  type LicenceShop,
} from '../../../../tests/support/licences.js';
import { createClient, SAME_ORIGIN } from '../../../../tests/support/sessions.js';
import { TEST_ADMIN, testDialects } from '../../../../tests/support/test-app.js';
import { shortOrderNumber } from '../../../shared/order-number.js';
import type { AuditPage } from '../../../shared/schemas/audit.js';
import type { AdminOrderDetail } from '../../../shared/schemas/orders.js';
import {
  ADMIN_LICENCES_PAGE_SIZE,
  type AdminLicence,
  type AdminLicenceDetail,
  type AdminLicencesPage,
} from '../../../shared/schemas/licences-admin.js';

const DAY_MS = 86_400_000;

describe.each(testDialects)("the owner's Licences page on %s", (dialect) => {
  let shop: LicenceShop;
  let addresses = 0;
  /** Each robot speaks from an address of its own, so the per-address limit never mixes tests. */
  const robotOn = (robot: LicensedRobot, key: string, account: Parameters<typeof terminal>[1]) =>
    robotClient(shop, robot, key, terminal(network(`203.0.113.${++addresses}`), account));
  const unique = () => Math.random().toString(36).slice(2, 8);

  const list = async (query: string) => {
    const response = await shop.admin('GET', `/api/admin/licences?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AdminLicencesPage>();
  };
  const detail = async (id: string) => {
    const response = await shop.admin('GET', `/api/admin/licences/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AdminLicenceDetail>();
  };
  const act = async (id: string, action: string, body?: object) => {
    const response = await shop.admin('POST', `/api/admin/licences/${id}/${action}`, body);
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };
  /** What the robot's next validation says: ok, or the refusal code. */
  const nextValidation = async (robot: TradeBotLicense) => {
    const result = await robot.Request('validate');
    if (result === TBL_OK) return 'ok';
    expect(result).toBe(TBL_REFUSED);
    return robot.LastError();
  };
  /** The licence lines of the order's timeline (the admin order detail), newest first. */
  const licenceTimeline = async (orderId: string) => {
    const response = await shop.admin('GET', `/api/admin/orders/${orderId}`);
    expect(response.statusCode).toBe(200);
    return response
      .json<AdminOrderDetail>()
      .events.filter((event) => event.kind.startsWith('licence_'))
      .map((event) => ({
        kind: event.kind,
        actor: event.actor,
        actor_email: event.actor_email,
        note: event.note,
        detail: event.detail,
        to_status: event.to_status,
      }));
  };
  const licenceActivity = async (id: string) => {
    const response = await shop.admin('GET', '/api/admin/audit?resource=licence&pageSize=100');
    return response.json<AuditPage>().rows.filter((row) => row.record_id === id);
  };

  beforeAll(async () => {
    shop = await createLicenceShop(dialect);
  });
  afterAll(() => shop?.close());

  it("finds a licence by its key's last group, the whole key, the client's email, an account, the robot and the order number", async () => {
    const tag = unique();
    const robot = await createLicensedRobot(shop, { licence_duration_days: 365 }, `Aurora ${tag} Scalper`);
    const bought = await buyLicence(shop, robot.id, `aurora-${tag}@example.com`);
    const login = 7_000_000 + Math.floor(Math.random() * 999_999);
    expect(await robotOn(robot, bought.key, { login }).Check()).toBe(true);
    // Another licence of another robot and client: found by none of these searches.
    const other = await createLicensedRobot(shop, {}, `Boreal ${tag}`);
    await buyLicence(shop, other.id, `boreal-${tag}@example.com`);

    const suffix = bought.key.slice(-5);
    const searches = [
      suffix,
      suffix.toLowerCase(),
      `TB-…-${suffix}`,
      bought.key,
      bought.key.toLowerCase().replaceAll('-', ' '),
      `AURORA-${tag}@EXAMPLE`,
      String(login),
      `aurora ${tag}`,
      shortOrderNumber(bought.orderId),
      `#${shortOrderNumber(bought.orderId)}`,
    ];
    for (const q of searches) {
      const page = await list(new URLSearchParams({ q }).toString());
      expect(
        page.items.map((item) => item.id),
        q,
      ).toEqual([bought.licence.id]);
      expect(page.total, q).toBe(1);
    }

    const page = await list(new URLSearchParams({ q: suffix }).toString());
    const row = page.items[0]!;
    expect(row).toEqual({
      id: bought.licence.id,
      key_suffix: suffix,
      robot_id: robot.id,
      robot_name: robot.name,
      user_id: bought.client.id,
      client_email: `aurora-${tag}@example.com`,
      order_id: bought.orderId,
      order_status: 'paid',
      status: 'active',
      revoked_reason: null,
      expires_at: bought.licence.expires_at,
      slots: { real: { used: 1, total: 1 }, demo: { used: 0, total: 2 } },
      last_check_at: expect.any(String),
      created_at: bought.licence.created_at,
    } satisfies AdminLicence);
    expect(page).toMatchObject({ page: 1, page_size: ADMIN_LICENCES_PAGE_SIZE });
    // The list never carries a whole key, whatever was searched.
    expect(JSON.stringify(await list(''))).not.toContain(bought.key);
    expect(JSON.stringify(await list(new URLSearchParams({ q: bought.key }).toString()))).not.toContain(bought.key);

    // A text that matches nothing, and a page past the end.
    expect(await list(new URLSearchParams({ q: `nobody-${tag}` }).toString())).toMatchObject({ items: [], total: 0 });
    expect(await list(new URLSearchParams({ q: suffix, page: '2' }).toString())).toMatchObject({
      items: [],
      total: 1,
      page: 2,
    });
  });

  it('filters by status (active, expired, revoked), newest first, in pages of 25', async () => {
    const tag = unique();
    const robot = await createLicensedRobot(shop, { licence_duration_days: 30 }, `Status ${tag}`);
    const active = await buyLicence(shop, robot.id);
    const expired = await buyLicence(shop, robot.id);
    const revoked = await buyLicence(shop, robot.id);
    // An expiry in the past is what time would do; the API cannot set one.
    await shop.app.database.db
      .updateTable('licences')
      .set({ expires_at: new Date(Date.now() - DAY_MS).toISOString() })
      .where('id', '=', expired.licence.id)
      .execute();
    await act(revoked.licence.id, 'revoke', {});

    const statusOf = async (status: string) =>
      (await list(new URLSearchParams({ q: `status ${tag}`, status }).toString())).items.map((item) => item.id);
    expect(await statusOf('active')).toEqual([active.licence.id]);
    expect(await statusOf('expired')).toEqual([expired.licence.id]);
    expect(await statusOf('revoked')).toEqual([revoked.licence.id]);
    const all = await list(new URLSearchParams({ q: `status ${tag}` }).toString());
    expect(all.items.map((item) => [item.id, item.status])).toEqual([
      [revoked.licence.id, 'revoked'],
      [expired.licence.id, 'expired'],
      [active.licence.id, 'active'],
    ]);

    const everything = await list('');
    expect(everything.items.length).toBe(Math.min(everything.total, ADMIN_LICENCES_PAGE_SIZE));
  });

  it('shows one licence with its key, its activations live and freed (who freed them, when) and its checks, newest first', async () => {
    const robot = await createLicensedRobot(shop, { licence_real_slots: 1, licence_demo_slots: 2 });
    const { key, licence } = await buyLicence(shop, robot.id);
    const real = robotOn(robot, key, { login: 5101 });
    const demo = robotOn(robot, key, { login: 9101, real: false, server: 'Broker-Demo' });
    expect(await real.Check()).toBe(true);
    expect(await demo.Check()).toBe(true);
    await act(licence.id, 'reset-slots');
    expect(await nextValidation(real)).toBe('not_activated');
    expect(await real.Request('activate')).toBe(TBL_OK);

    const shown = await detail(licence.id);
    expect(shown.key).toBe(key);
    expect(shown).toMatchObject({ id: licence.id, status: 'active', slots: { real: { used: 1 }, demo: { used: 0 } } });
    expect(
      shown.activations.map((activation) => [
        activation.account_login,
        activation.account_mode,
        activation.freed_at === null,
        activation.freed_by_role,
        activation.freed_by_email,
      ]),
    ).toEqual([
      ['5101', 'real', true, null, null],
      // Freed by the reset at one moment: the newest activation first.
      ['9101', 'demo', false, 'administrator', TEST_ADMIN.email],
      ['5101', 'real', false, 'administrator', TEST_ADMIN.email],
    ]);

    // validate (not_activated), activate: each check is logged, the newest first.
    expect(shown.checks_total).toBe(shown.checks.length);
    expect(shown.checks.map((check) => [check.endpoint, check.result]).slice(0, 3)).toEqual([
      ['activate', 'ok'],
      ['validate', 'not_activated'],
      ['activate', 'ok'],
    ]);
    const times = shown.checks.map((check) => Date.parse(check.checked_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(shown.checks[0]).toMatchObject({
      account_login: '5101',
      ip_address: expect.stringMatching(/^203\.0\.113\./),
    });

    expect((await shop.admin('GET', '/api/admin/licences/no-such-licence')).statusCode).toBe(404);
  });

  it('keeps the detail bounded: the newest 200 checks and how many are kept', async () => {
    const robot = await createLicensedRobot(shop);
    const { licence } = await buyLicence(shop, robot.id);
    const start = Date.now() - DAY_MS;
    await shop.app.database.db
      .insertInto('licence_checks')
      .values(
        Array.from({ length: 230 }, (_, index) => ({
          licence_id: licence.id,
          checked_at: new Date(start + index * 1000).toISOString(),
          endpoint: 'validate' as const,
          ip_address: '192.0.2.7',
          account_login: String(index),
          result: 'ok',
        })),
      )
      .execute();
    const shown = await detail(licence.id);
    expect(shown.checks_total).toBe(230);
    expect(shown.checks).toHaveLength(200);
    expect(shown.checks[0]!.account_login).toBe('229');
    expect(shown.checks.at(-1)!.account_login).toBe('30');
  });

  it("revokes: the robot's next validation is refused (revoked); reinstates: it is accepted again; both in the activity log", async () => {
    const robot = await createLicensedRobot(shop);
    const { key, licence, orderId } = await buyLicence(shop, robot.id);
    const client = robotOn(robot, key, { login: 5201 });
    expect(await client.Check()).toBe(true);

    const revoked = await act(licence.id, 'revoke', { reason: '  Chargeback opened by the bank  ' });
    expect(revoked.json<AdminLicence>()).toMatchObject({ status: 'revoked', revoked_reason: 'owner' });
    expect(await nextValidation(client)).toBe('revoked');
    // Revoking again (a reason is not required: no body at all) changes nothing and adds no line.
    await act(licence.id, 'revoke');
    expect(await detail(licence.id)).toMatchObject({
      status: 'revoked',
      revoked_note: 'Chargeback opened by the bank',
      revoked_at: expect.any(String),
    });

    const reinstated = await act(licence.id, 'reinstate');
    expect(reinstated.json<AdminLicence>()).toMatchObject({ status: 'active', revoked_reason: null });
    expect(await nextValidation(client)).toBe('ok');
    expect(await detail(licence.id)).toMatchObject({ revoked_at: null, revoked_note: null });
    await act(licence.id, 'reinstate');

    const lines = await licenceActivity(licence.id);
    expect(lines.map((line) => line.action)).toEqual(['reinstate', 'revoke']);
    expect(lines[1]).toMatchObject({
      actor_email: TEST_ADMIN.email,
      resource: 'licence',
      summary: `TB-…-${key.slice(-5)} · ${robot.name} · #${shortOrderNumber(orderId)}`,
      changes: {
        status: { from: 'active', to: 'revoked' },
        reason: { from: null, to: 'Chargeback opened by the bank' },
      },
    });
    expect(lines[0]!.changes).toEqual({ status: { from: 'revoked', to: 'active' } });
    expect(JSON.stringify(lines)).not.toContain(key);

    // The order's timeline has both, by whom, with the owner's reason; no status changed.
    const byAdmin = { actor: 'administrator', actor_email: TEST_ADMIN.email, to_status: null };
    expect(await licenceTimeline(orderId)).toEqual([
      { kind: 'licence_reinstated', ...byAdmin, note: null, detail: `TB-…-${key.slice(-5)}` },
      { kind: 'licence_revoked', ...byAdmin, note: 'Chargeback opened by the bank', detail: `TB-…-${key.slice(-5)}` },
    ]);
  });

  it("refuses to reinstate the licence of a refunded order (409, saying why): the order's status wins", async () => {
    const robot = await createLicensedRobot(shop);
    const { key, licence, orderId } = await buyLicence(shop, robot.id);
    const client = robotOn(robot, key, { login: 5301 });
    expect(await client.Check()).toBe(true);
    const refund = await shop.admin('POST', `/api/admin/orders/${orderId}/refund`, {
      note: 'Client changed their mind',
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(await nextValidation(client)).toBe('refunded');

    const refused = await shop.admin('POST', `/api/admin/licences/${licence.id}/reinstate`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: { code: 'licence_order_closed', message: expect.stringContaining('refunded') },
    });
    expect(await detail(licence.id)).toMatchObject({
      status: 'revoked',
      revoked_reason: 'refunded',
      order_status: 'refunded',
    });
    expect(await nextValidation(client)).toBe('refunded');
    expect(await licenceActivity(licence.id)).toEqual([]);
    expect(await licenceTimeline(orderId)).toEqual([]);
  });

  it("extends from the current expiry, or from now once expired; the robot's next answer carries the new expiry", async () => {
    const robot = await createLicensedRobot(shop, { licence_duration_days: 30 });
    const { key, licence, orderId } = await buyLicence(shop, robot.id);
    const client = robotOn(robot, key, { login: 5401 });
    expect(await client.Check()).toBe(true);
    const before = Date.parse(licence.expires_at!);

    const extended = (await act(licence.id, 'extend', { days: 10 })).json<AdminLicence>();
    expect(Date.parse(extended.expires_at!)).toBe(before + 10 * DAY_MS);
    expect(await nextValidation(client)).toBe('ok');
    expect(client.ExpiresAt()).toBe(Math.floor((before + 10 * DAY_MS) / 1000));

    // Two extensions at once both count.
    await Promise.all([act(licence.id, 'extend', { days: 1 }), act(licence.id, 'extend', { days: 2 })]);
    expect(Date.parse((await detail(licence.id)).expires_at!)).toBe(before + 13 * DAY_MS);

    // Expired: the days count from now, and the robot is accepted again.
    await shop.app.database.db
      .updateTable('licences')
      .set({ expires_at: new Date(Date.now() - 5 * DAY_MS).toISOString() })
      .where('id', '=', licence.id)
      .execute();
    expect(await nextValidation(client)).toBe('expired');
    const from = Date.now();
    const renewed = (await act(licence.id, 'extend', { days: 7 })).json<AdminLicence>();
    expect(renewed.status).toBe('active');
    const renewedAt = Date.parse(renewed.expires_at!);
    expect(renewedAt).toBeGreaterThanOrEqual(from + 7 * DAY_MS);
    expect(renewedAt).toBeLessThanOrEqual(Date.now() + 7 * DAY_MS);
    expect(await nextValidation(client)).toBe('ok');
    expect(client.ExpiresAt()).toBe(Math.floor(renewedAt / 1000));

    const lines = await licenceActivity(licence.id);
    expect(lines.map((line) => line.action)).toEqual(['extend', 'extend', 'extend', 'extend']);
    expect(lines[0]!.changes).toMatchObject({ expires_at: { to: renewed.expires_at }, days: { from: 0, to: 7 } });
    const timeline = await licenceTimeline(orderId);
    expect(timeline.map((line) => line.kind)).toEqual(Array(4).fill('licence_extended'));
    const until = `${renewed.expires_at!.slice(0, 10)} ${renewed.expires_at!.slice(11, 16)} UTC`;
    expect(timeline[0]!.detail).toBe(`TB-…-${key.slice(-5)}: +7 days, until ${until}`);
  });

  it('refuses to extend a lifetime licence (409), and days outside 1..3650 (400)', async () => {
    const robot = await createLicensedRobot(shop);
    const { licence } = await buyLicence(shop, robot.id);
    const lifetime = await shop.admin('POST', `/api/admin/licences/${licence.id}/extend`, { days: 30 });
    expect(lifetime.statusCode).toBe(409);
    expect(lifetime.json()).toMatchObject({ error: { code: 'licence_lifetime' } });

    for (const days of [0, -1, 3651, 1.5, '10', null]) {
      const refused = await shop.admin('POST', `/api/admin/licences/${licence.id}/extend`, { days });
      expect(refused.statusCode, String(days)).toBe(400);
      expect(refused.json<{ error: { fields: object } }>().error.fields).toHaveProperty(['body.days']);
    }
    expect((await shop.admin('POST', `/api/admin/licences/${licence.id}/extend`, {})).statusCode).toBe(400);
    expect(await licenceActivity(licence.id)).toEqual([]);
  });

  it("resets the slots: every account's next validation says not_activated, and a new account may take the slot", async () => {
    const robot = await createLicensedRobot(shop, { licence_real_slots: 1, licence_demo_slots: 1 });
    const { key, licence, orderId, client } = await buyLicence(shop, robot.id);
    const real = robotOn(robot, key, { login: 5501 });
    const demo = robotOn(robot, key, { login: 9501, real: false });
    const second = robotOn(robot, key, { login: 5502 });
    expect(await real.Check()).toBe(true);
    expect(await demo.Check()).toBe(true);
    expect(await second.Check()).toBe(false);
    expect(second.LastError()).toBe('no_free_slot');

    const reset = await act(licence.id, 'reset-slots');
    expect(reset.json()).toMatchObject({
      freed: 2,
      licence: { slots: { real: { used: 0, total: 1 }, demo: { used: 0, total: 1 } } },
    });
    expect(await nextValidation(real)).toBe('not_activated');
    expect(await nextValidation(demo)).toBe('not_activated');
    expect(await second.Request('activate')).toBe(TBL_OK);
    // The owner's frees cost the client none of theirs.
    const clientView = await shop.app.inject({
      url: `/api/orders/${orderId}/licence`,
      headers: { ...SAME_ORIGIN, cookie: client.cookie },
    });
    expect(clientView.json()).toMatchObject({ frees: { used: 0 } });

    // Nothing left to free: the answer says so, and the log has the one reset.
    expect((await act(licence.id, 'reset-slots')).json()).toMatchObject({ freed: 1 });
    expect((await act(licence.id, 'reset-slots')).json()).toMatchObject({ freed: 0 });
    const lines = await licenceActivity(licence.id);
    expect(lines.map((line) => line.action)).toEqual(['reset slots', 'reset slots']);
    expect(lines[1]!.changes).toEqual({
      real_slots_used: { from: 1, to: 0 },
      demo_slots_used: { from: 1, to: 0 },
    });
    const timeline = await licenceTimeline(orderId);
    expect(timeline.map((line) => line.kind)).toEqual(['licence_slots_reset', 'licence_slots_reset']);
    expect(timeline[1]!.detail).toMatch(new RegExp(`^TB-…-${key.slice(-5)}: `));
    expect(timeline[1]!.detail).toContain('real account 5501 on Broker-Live');
    expect(timeline[1]!.detail).toContain('demo account 9501 on Broker-Live');
  });

  it('answers 401 to visitors and 403 to clients on every route, 404 for an unknown licence, 400 for bad input', async () => {
    const robot = await createLicensedRobot(shop);
    const { licence, client } = await buyLicence(shop, robot.id);
    const routes = [
      ['GET', '/api/admin/licences'],
      ['GET', `/api/admin/licences/${licence.id}`],
      ['POST', `/api/admin/licences/${licence.id}/revoke`],
      ['POST', `/api/admin/licences/${licence.id}/reinstate`],
      ['POST', `/api/admin/licences/${licence.id}/extend`],
      ['POST', `/api/admin/licences/${licence.id}/reset-slots`],
    ] as const;
    const other = await createClient(shop.app, `someone-${unique()}@example.com`);
    for (const [method, url] of routes) {
      const anonymous = await shop.app.inject({ method, url, headers: SAME_ORIGIN, payload: {} });
      expect(anonymous.statusCode, url).toBe(401);
      // Neither the licence's own client nor another client.
      for (const cookie of [client.cookie, other.cookie]) {
        const refused = await shop.app.inject({ method, url, headers: { ...SAME_ORIGIN, cookie }, payload: {} });
        expect(refused.statusCode, url).toBe(403);
      }
    }
    expect(await detail(licence.id)).toMatchObject({ status: 'active' });

    for (const action of ['revoke', 'reinstate', 'extend', 'reset-slots']) {
      const missing = await shop.admin('POST', `/api/admin/licences/no-such-licence/${action}`, { days: 1 });
      expect(missing.statusCode, action).toBe(404);
    }
    for (const query of ['status=lost', 'page=0', 'page=abc', `q=${'x'.repeat(201)}`]) {
      expect((await shop.admin('GET', `/api/admin/licences?${query}`)).statusCode, query).toBe(400);
    }
    const longReason = await shop.admin('POST', `/api/admin/licences/${licence.id}/revoke`, {
      reason: 'x'.repeat(501),
    });
    expect(longReason.statusCode).toBe(400);
    expect(longReason.json<{ error: { fields: object } }>().error.fields).toHaveProperty(['body.reason']);
    const notJson = await shop.admin('POST', `/api/admin/licences/${licence.id}/revoke`, 'reason', {
      'content-type': 'application/json',
    });
    expect(notJson.statusCode).toBe(400);
    expect(await detail(licence.id)).toMatchObject({ status: 'active' });
  });
});
