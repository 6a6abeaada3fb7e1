import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  buyLicence,
  createLicensedRobot,
  createLicenceShop,
  network,
  robotClient,
  terminal,
  type LicenceShop,
} from '../../../../tests/support/licences.js';
import { createOrder, paymentCallback } from '../../../../tests/support/orders.js';
import { createClient, SAME_ORIGIN } from '../../../../tests/support/sessions.js';
import { testDialects } from '../../../../tests/support/test-app.js';
import { runExclusive } from '../../db/dialect.js';
import { LICENCE_CHECKS_KEPT_DAYS, LicenceChecksCleanup } from './licence-checks-cleanup.js';
import { canonicalKey } from './licence-key.js';
import { LicencesRepository } from './licences.repository.js';
import { createLicencesService, licenceParts, LicencesService } from './licences.service.js';

const KEY_FORMAT = /^TB(-[0-9A-HJKMNP-TV-Z]{5}){5}$/;

describe.each(testDialects)('licences on %s', (dialect) => {
  let shop: LicenceShop;
  const licences = () => createLicencesService(shop.app.database.db, shop.config);
  const licencesOf = (orderId: string) =>
    shop.app.database.db.selectFrom('licences').selectAll().where('order_id', '=', orderId).execute();

  beforeAll(async () => {
    shop = await createLicenceShop(dialect);
  });
  afterAll(() => shop?.close());

  it('issues exactly one licence when an order of a licensed robot is paid, whatever repeats', async () => {
    const robot = await createLicensedRobot(shop, { licence_real_slots: 3, licence_demo_slots: 5 });
    const { orderId, licence, client } = await buyLicence(shop, robot.id);
    expect(licence).toMatchObject({
      robot_id: robot.id,
      user_id: client.id,
      real_slots: 3,
      demo_slots: 5,
      expires_at: null,
      status: 'active',
    });
    expect(licence.key).toMatch(KEY_FORMAT);

    // The workflow repeats itself, the owner completes the order: still the same one licence.
    await paymentCallback(shop.app, { order_id: orderId, status: 'paid' });
    const completed = await shop.admin('PATCH', `/api/admin/orders/${orderId}`, { status: 'completed' });
    expect(completed.statusCode).toBe(200);
    const rows = await licencesOf(orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(licence.id);
    expect((await licences().issueForOrder(orderId))!.key).toBe(licence.key);
  });

  it('issues the licence of an order that an administrator marks paid by hand', async () => {
    const robot = await createLicensedRobot(shop);
    const client = await createClient(shop.app, 'by-hand@example.com');
    const order = await createOrder(shop.app, client.cookie, robot.id);
    expect(await licencesOf(order.id)).toEqual([]);
    const paid = await shop.admin('PATCH', `/api/admin/orders/${order.id}`, { status: 'paid' });
    expect(paid.statusCode).toBe(200);
    expect(await licencesOf(order.id)).toHaveLength(1);
  });

  it('issues two orders paid at the same moment a licence each, and one order paid twice at once one licence', async () => {
    const robot = await createLicensedRobot(shop);
    const client = await createClient(shop.app, 'simultaneous@example.com');
    const first = await createOrder(shop.app, client.cookie, robot.id, { 'idempotency-key': 'first-order' });
    const second = await createOrder(shop.app, client.cookie, robot.id, { 'idempotency-key': 'second-order' });
    await Promise.all([first.id, second.id].map((id) => paymentCallback(shop.app, { order_id: id, status: 'paid' })));
    const [a, b] = await Promise.all([licences().licenceOfOrder(first.id), licences().licenceOfOrder(second.id)]);
    expect(a!.key).not.toBe(b!.key);

    const third = await createOrder(shop.app, client.cookie, robot.id, { 'idempotency-key': 'third-order' });
    await shop.app.database.db.updateTable('orders').set({ status: 'paid' }).where('id', '=', third.id).execute();
    const issued = await Promise.all([licences().issueForOrder(third.id), licences().issueForOrder(third.id)]);
    expect(issued[0]!.id).toBe(issued[1]!.id);
    expect(await licencesOf(third.id)).toHaveLength(1);
  });

  it('issues no licence for a robot that requires none', async () => {
    const created = await shop.admin('POST', '/api/admin/robots', { name: 'Free roaming robot', price: 50 });
    const robotId = created.json<{ id: string }>().id;
    const client = await createClient(shop.app, 'unlicensed@example.com');
    const order = await createOrder(shop.app, client.cookie, robotId);
    await paymentCallback(shop.app, { order_id: order.id, status: 'paid' });
    expect(await licencesOf(order.id)).toEqual([]);
    expect(await licences().issueForOrder(order.id)).toBeNull();
  });

  it('heals a licence that was not issued: the next repeat of the status issues it', async () => {
    const robot = await createLicensedRobot(shop);
    const { orderId } = await buyLicence(shop, robot.id);
    // As if the database had failed right after the payment was recorded.
    await shop.app.database.db.deleteFrom('licences').where('order_id', '=', orderId).execute();
    const repeat = await paymentCallback(shop.app, { order_id: orderId, status: 'paid' });
    expect(repeat.json()).toMatchObject({ outcome: 'unchanged' });
    expect(await licencesOf(orderId)).toHaveLength(1);
  });

  it('revokes the licence of a refunded or cancelled order (revokeForOrder), with the reason the robot hears', async () => {
    const robot = await createLicensedRobot(shop);
    const refunded = await buyLicence(shop, robot.id);
    const cancelled = await buyLicence(shop, robot.id);
    // The order statuses of the review work (DESIGN deviation 12) reach the licence the same way.
    await licences().followOrderStatus({ id: refunded.orderId, status: 'refunded' });
    await licences().followOrderStatus({ id: cancelled.orderId, status: 'cancelled' });
    expect(await licencesOf(refunded.orderId)).toMatchObject([{ status: 'revoked', revoked_reason: 'refunded' }]);
    expect(await licencesOf(cancelled.orderId)).toMatchObject([{ status: 'revoked', revoked_reason: 'cancelled' }]);
    // A later payment report does not bring a revoked licence back: the owner reinstates by hand.
    await licences().followOrderStatus({ id: refunded.orderId, status: 'paid' });
    expect(await licencesOf(refunded.orderId)).toMatchObject([{ status: 'revoked' }]);
  });

  it('follows the orders of one turn with one read: a licence for the paid, none twice, the closed revoked, the rest left', async () => {
    const robot = await createLicensedRobot(shop);
    const client = await createClient(shop.app, 'one-turn@example.com');
    const toIssue = await createOrder(shop.app, client.cookie, robot.id, { 'idempotency-key': 'one-turn-paid' });
    const waiting = await createOrder(shop.app, client.cookie, robot.id, { 'idempotency-key': 'one-turn-waiting' });
    const toRevoke = await buyLicence(shop, robot.id);
    const { db } = shop.app.database;
    await db.updateTable('orders').set({ status: 'paid' }).where('id', '=', toIssue.id).execute();
    const parts = licenceParts(db, shop.config);
    const reads = vi.spyOn(parts.repository, 'licenceStates');
    const service = new LicencesService(parts);
    await Promise.all([
      service.followOrderStatus({ id: toIssue.id, status: 'paid' }),
      // The same order twice in one turn (two callbacks at once): still one licence.
      service.followOrderStatus({ id: toIssue.id, status: 'paid' }),
      service.followOrderStatus({ id: waiting.id, status: 'pending_payment' }),
      service.followOrderStatus({ id: toRevoke.orderId, status: 'refunded' }),
      service.followOrderStatus({ id: 'no-such-order', status: 'paid' }),
    ]);
    // An unpaid order asks for nothing, and is not read.
    expect(reads).toHaveBeenCalledTimes(1);
    expect(reads.mock.calls[0]![0]).toEqual([toIssue.id, toRevoke.orderId, 'no-such-order']);
    expect(await licencesOf(toIssue.id)).toMatchObject([{ status: 'active' }]);
    expect(await licencesOf(waiting.id)).toEqual([]);
    expect(await licencesOf(toRevoke.orderId)).toMatchObject([{ status: 'revoked', revoked_reason: 'refunded' }]);
    // A later turn is read on its own.
    await service.followOrderStatus({ id: toIssue.id, status: 'paid' });
    expect(reads).toHaveBeenCalledTimes(2);
    expect(await licencesOf(toIssue.id)).toHaveLength(1);
  });

  it('keeps no working licence key, EA secret or signing key in clear in the database', async () => {
    const robot = await createLicensedRobot(shop);
    const { key, orderId } = await buyLicence(shop, robot.id);
    const canonical = canonicalKey(key)!;
    const { db } = shop.app.database;
    const stored = JSON.stringify([
      await db.selectFrom('licences').selectAll().execute(),
      await db.selectFrom('robot_licence_secrets').selectAll().execute(),
      await db.selectFrom('licence_signing_keys').selectAll().execute(),
      await db.selectFrom('licence_checks').selectAll().execute(),
      await db.selectFrom('rate_limits').selectAll().execute(),
    ]);
    for (const secret of [key, canonical, canonical.slice(0, 20), robot.eaSecret])
      expect(stored.includes(secret), secret).toBe(false);
    if (dialect === 'sqlite') {
      // The database file and its write-ahead log, as a copy of DATA_DIR would hold them.
      const bytes = ['shop.db', 'shop.db-wal']
        .map((name) => path.join(shop.dataDir, name))
        .filter((file) => existsSync(file))
        .map((file) => readFileSync(file).toString('latin1'))
        .join('');
      expect(bytes.length).toBeGreaterThan(0);
      for (const secret of [key, canonical.slice(0, 20), robot.eaSecret]) expect(bytes.includes(secret)).toBe(false);
    }
    // The owner still sees it, opened with the server's key.
    expect((await licences().licenceOfOrder(orderId))!.key).toBe(key);
  });

  it("keeps the licence settings on the robot: the admin's PATCH, the public JSON, 400 for nonsense", async () => {
    const created = await shop.admin('POST', '/api/admin/robots', { name: 'Settings robot', price: 10 });
    expect(created.json()).toMatchObject({
      licence_required: false,
      licence_real_slots: 1,
      licence_demo_slots: 2,
      licence_duration_days: null,
    });
    const id = created.json<{ id: string }>().id;
    const patched = await shop.admin('PATCH', `/api/admin/robots/${id}`, {
      licence_required: true,
      licence_real_slots: 2,
      licence_demo_slots: 0,
      licence_duration_days: 365,
    });
    expect(patched.statusCode).toBe(200);
    const visible = await shop.app.inject({ url: `/api/robots/${id}` });
    expect(visible.json()).toMatchObject({
      licence_required: true,
      licence_real_slots: 2,
      licence_demo_slots: 0,
      licence_duration_days: 365,
    });
    expect(visible.body).not.toContain('secret');
    const lifetime = await shop.admin('PATCH', `/api/admin/robots/${id}`, { licence_duration_days: null });
    expect(lifetime.json()).toMatchObject({ licence_duration_days: null });

    for (const [field, value] of [
      ['licence_real_slots', -1],
      ['licence_demo_slots', 1.5],
      ['licence_duration_days', 0],
      ['licence_required', 'yes'],
    ] as const) {
      const refused = await shop.admin('PATCH', `/api/admin/robots/${id}`, { [field]: value });
      expect(refused.statusCode, field).toBe(400);
      expect(Object.keys(refused.json<{ error: { fields: object } }>().error.fields)).toContain(`body.${field}`);
    }
  });

  it("shows the robot's EA secret on its licence tab, rotates it in the activity log without the secret, and hides it from clients", async () => {
    const created = await shop.admin('POST', '/api/admin/robots', { name: 'Secret robot', price: 10 });
    const id = created.json<{ id: string }>().id;
    const off = await shop.admin('GET', `/api/admin/robots/${id}/licence`);
    expect(off.json()).toEqual({
      robot_id: id,
      robot_name: 'Secret robot',
      licence_required: false,
      ea_secret: null,
      api_url: `${shop.config.publicUrl}/api/licenses`,
    });
    expect((await shop.admin('POST', `/api/admin/robots/${id}/licence/rotate-secret`)).statusCode).toBe(409);

    await shop.admin('PATCH', `/api/admin/robots/${id}`, { licence_required: true });
    const on = await shop.admin('GET', `/api/admin/robots/${id}/licence`);
    const secret = on.json<{ ea_secret: string }>().ea_secret;
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect((await shop.admin('GET', `/api/admin/robots/${id}/licence`)).json()).toMatchObject({ ea_secret: secret });

    // A robot built with the old secret no longer verifies the answers.
    const { key } = await buyLicence(shop, id);
    const rotated = await shop.admin('POST', `/api/admin/robots/${id}/licence/rotate-secret`);
    const newSecret = rotated.json<{ ea_secret: string }>().ea_secret;
    expect(newSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(newSecret).not.toBe(secret);
    const net = network('203.0.113.90');
    const oldBuild = robotClient(
      shop,
      { id, name: 'Secret robot', eaSecret: secret },
      key,
      terminal(net, { login: 1 }),
    );
    expect(await oldBuild.Check()).toBe(false);
    expect(oldBuild.LastError()).toBe('bad_hmac');
    const newBuild = robotClient(
      shop,
      { id, name: 'Secret robot', eaSecret: newSecret },
      key,
      terminal(net, { login: 1 }),
    );
    expect(await newBuild.Check()).toBe(true);

    const activity = await shop.admin('GET', '/api/admin/audit');
    expect(activity.statusCode).toBe(200);
    expect(activity.body).toContain('rotate EA secret');
    expect(activity.body).not.toContain(secret);
    expect(activity.body).not.toContain(newSecret);

    const client = await createClient(shop.app, 'curious@example.com');
    for (const [method, url] of [
      ['GET', `/api/admin/robots/${id}/licence`],
      ['POST', `/api/admin/robots/${id}/licence/rotate-secret`],
      ['POST', '/api/admin/licences/signing-keys/rotate'],
    ] as const) {
      const refused = await shop.app.inject({ method, url, headers: { ...SAME_ORIGIN, cookie: client.cookie } });
      expect(refused.statusCode, url).toBe(403);
    }
    expect((await shop.admin('GET', '/api/admin/robots/no-such-robot/licence')).statusCode).toBe(404);
  });

  it(`deletes the checks older than ${LICENCE_CHECKS_KEPT_DAYS} days, under the exclusive job lock`, async () => {
    const { db } = shop.app.database;
    const robot = await createLicensedRobot(shop);
    const { licence } = await buyLicence(shop, robot.id);
    const day = 86_400_000;
    const check = (daysAgo: number, result: string) => ({
      licence_id: licence.id,
      checked_at: new Date(Date.now() - daysAgo * day).toISOString(),
      endpoint: 'validate' as const,
      ip_address: '192.0.2.1',
      result,
    });
    await db
      .insertInto('licence_checks')
      .values([check(LICENCE_CHECKS_KEPT_DAYS + 1, 'old'), check(LICENCE_CHECKS_KEPT_DAYS - 1, 'recent')])
      .execute();
    let locked = 0;
    const cleanup = new LicenceChecksCleanup(
      new LicencesRepository(db),
      (work) => {
        locked++;
        return runExclusive(db, shop.app.database.dialect, 'licence-checks-cleanup', work);
      },
      shop.app.log,
    );
    expect(await cleanup.runOnce()).toEqual({ ran: true, value: 1 });
    expect(locked).toBe(1);
    const left = await db.selectFrom('licence_checks').select('result').where('licence_id', '=', licence.id).execute();
    expect(left).toEqual([{ result: 'recent' }]);
  });
});
