import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  newClient,
  newRelease,
  newRobot,
  signInAdmin,
  type SignedInUser,
} from '../../../../tests/support/factories.js';
import { startFakeWorkflow, type FakeWorkflow } from '../../../../tests/support/fake-workflow.js';
import { TBL_RECHECK_SECONDS } from '../../../../tests/support/licence-robot-client.js';
import {
  createLicenceShop,
  network,
  robotClient,
  terminal,
  type LicensedRobot,
  type LicenceShop,
} from '../../../../tests/support/licences.js';
import { orderBody, paymentCallback, setSetting } from '../../../../tests/support/orders.js';
import { testDialects } from '../../../../tests/support/test-app.js';
import type { Robot } from '../../../shared/schemas/catalogue.js';
import type { RobotLicenceSecret } from '../../../shared/schemas/licences.js';
import type { AdminOrder, AdminOrderDetail, DashboardTotals, Order } from '../../../shared/schemas/orders.js';
import { createLicencesService } from '../licences/licences.service.js';

const DAY_MS = 86_400_000;

/**
 * Free trials (issue 18 §3, decision 0020): once per client and robot, even from two tabs at once;
 * a zero-price order completed at once with the current release, without the payment workflow;
 * a licence for demo accounts only that ends with the trial, as the robot client sees it; the
 * ending email written once, and for trials only; what the owner may not do to a trial; and
 * buying the robot afterwards.
 */
describe.each(testDialects)('free trials on %s', (dialect) => {
  let shop: LicenceShop;
  let admin: SignedInUser;
  let payments: FakeWorkflow;
  let addresses = 0;
  const nextNetwork = () => network(`203.0.113.${++addresses}`);

  beforeAll(async () => {
    shop = await createLicenceShop(dialect);
    admin = await signInAdmin(shop.app);
    // A payment workflow that would answer: a trial must never call it.
    payments = await startFakeWorkflow();
    await setSetting(shop.app, 'n8n_webhook_url', payments.url);
  });
  afterAll(async () => {
    await shop?.close();
    await payments?.close();
  });

  /** A licensed robot for sale, delivered automatically, with its release 1.4.0 and the trial's days. */
  const trialRobot = async (trialDays = 7, fields: Parameters<typeof newRobot>[1] = {}): Promise<Robot> => {
    const robot = await newRobot(shop.app, {
      licence_required: true,
      licence_real_slots: 1,
      licence_demo_slots: 2,
      licence_duration_days: 365,
      delivery: 'automatic',
      status: 'inactive',
      trial_days: trialDays,
      ...fields,
    });
    await newRelease(shop.app, robot, { version: '1.4.0', notes: '<p>Steadier exits</p>' });
    const activated = await admin.patch(`/api/admin/robots/${robot.id}`, { status: 'active' });
    expect(activated.statusCode).toBe(200);
    return activated.json<Robot>();
  };
  const startTrial = (client: SignedInUser, robotId: string, language = 'en-GB,en;q=0.9') =>
    client.post('/api/orders/trials', { robot_id: robotId, terms_accepted: true }, { 'accept-language': language });
  const emailsOf = async (orderId: string) => {
    await shop.app.emailOutbox.drain();
    return shop.app.database.db
      .selectFrom('email_outbox')
      .select(['kind', 'recipient', 'language', 'subject', 'body'])
      .where('order_id', '=', orderId)
      .orderBy('created_at')
      .orderBy('kind')
      .execute();
  };
  const licenceOf = (orderId: string) =>
    createLicencesService(shop.app.database.db, shop.config).licenceOfOrder(orderId);
  const withSecret = async (robot: Robot): Promise<LicensedRobot> => {
    const tab = await admin.get(`/api/admin/robots/${robot.id}/licence`);
    return { id: robot.id, name: robot.name, eaSecret: tab.json<RobotLicenceSecret>().ea_secret! };
  };

  it('lets the owner offer a trial only on a licensed robot delivered automatically with a demo slot, 1 to 90 days', async () => {
    const plain = await newRobot(shop.app, { status: 'inactive' });
    const noLicence = await admin.patch(`/api/admin/robots/${plain.id}`, { trial_days: 7 });
    expect(noLicence.statusCode).toBe(409);
    expect(noLicence.json()).toMatchObject({ error: { code: 'trial_not_allowed' } });

    const perOrder = await newRobot(shop.app, { licence_required: true, status: 'inactive' });
    const notAutomatic = await admin.patch(`/api/admin/robots/${perOrder.id}`, { trial_days: 7 });
    expect(notAutomatic.statusCode).toBe(409);
    expect(notAutomatic.json()).toMatchObject({ error: { code: 'trial_not_allowed' } });

    const noDemo = await admin.post('/api/admin/robots', {
      name: 'No demo slot',
      price: 10,
      status: 'inactive',
      licence_required: true,
      licence_demo_slots: 0,
      delivery: 'automatic',
      trial_days: 5,
    });
    expect(noDemo.statusCode).toBe(409);
    expect(noDemo.json()).toMatchObject({ error: { code: 'trial_not_allowed' } });

    for (const days of [0, 91, 2.5])
      expect((await admin.patch(`/api/admin/robots/${perOrder.id}`, { trial_days: days })).statusCode).toBe(400);

    const robot = await trialRobot(14);
    expect(robot).toMatchObject({ trial_days: 14, licence_required: true, delivery: 'automatic' });
    // Under a trial, the licence stays on: without it the trial would be a free copy.
    const licenceOff = await admin.patch(`/api/admin/robots/${robot.id}`, { licence_required: false });
    expect(licenceOff.statusCode).toBe(409);
    expect(licenceOff.json()).toMatchObject({ error: { code: 'trial_not_allowed' } });
    const perOrderNow = await admin.patch(`/api/admin/robots/${robot.id}`, { delivery: 'per_order' });
    expect(perOrderNow.statusCode).toBe(409);

    // The public robot says what a visitor needs: licensed, delivered automatically, its version and trial.
    const anonymous = await shop.app.inject({ method: 'GET', url: `/api/robots/${robot.id}` });
    expect(anonymous.json()).toMatchObject({
      licence_required: true,
      delivery: 'automatic',
      current_version: '1.4.0',
      trial_days: 14,
    });
    // Removing the trial is always allowed.
    const removed = await admin.patch(`/api/admin/robots/${robot.id}`, { trial_days: null });
    expect(removed.json()).toMatchObject({ trial_days: null });
  });

  it('starts a trial: a completed order at $0 with the current release, a demo-only licence ending with it, no payment workflow, its own email', async () => {
    const robot = await trialRobot(7);
    const client = await newClient(shop.app, { name: 'Camille Martin' });
    const before = Date.now();

    const started = await startTrial(client, robot.id, 'fr-FR,fr;q=0.9');
    expect(started.statusCode).toBe(201);
    const trial = started.json<Order>();
    expect(trial).toMatchObject({
      robot_id: robot.id,
      price: 0,
      trial: true,
      status: 'completed',
      has_file: true,
      payment_id: null,
      pay_url: null,
    });
    expect(trial.versions.map((version) => version.label)).toEqual(['1.4.0']);
    const endsAt = Date.parse(trial.trial_ends_at!);
    expect(endsAt).toBeGreaterThanOrEqual(before + 7 * DAY_MS);
    expect(endsAt).toBeLessThanOrEqual(Date.now() + 7 * DAY_MS);

    // My Orders shows it, with its end.
    const mine = (await client.get('/api/orders')).json<Order[]>();
    expect(mine.find((order) => order.id === trial.id)).toMatchObject({
      trial: true,
      trial_ends_at: trial.trial_ends_at,
    });

    const licence = (await licenceOf(trial.id))!;
    expect(licence).toMatchObject({ real_slots: 0, demo_slots: 2, status: 'active' });
    expect(Date.parse(licence.expires_at!)).toBe(endsAt);

    expect(payments.requests).toHaveLength(0);
    // The client hears once, in French, that the trial started; no "received" or "paid" email, nothing to the owner.
    const sent = await emailsOf(trial.id);
    expect(sent.map((email) => [email.kind, email.language, email.recipient])).toEqual([
      ['order-trial-started', 'fr', client.email],
    ]);
    expect(sent[0]!.subject).toBe(`Votre essai gratuit de ${robot.name} a commencé`);
    expect(sent[0]!.body).toContain('Bonjour Camille Martin,');
    expect(sent[0]!.body).toContain('UTC');

    // The timeline: the client started it, the shop delivered the release.
    const detail = (await admin.get(`/api/admin/orders/${trial.id}`)).json<AdminOrderDetail>();
    expect(detail.events.map((line) => [line.kind, line.actor, line.to_status]).reverse()).toEqual([
      ['trial_started', 'client', 'paid'],
      ['release_delivered', 'shop', 'completed'],
    ]);
    expect(detail.emails.map((email) => email.kind)).toEqual(['order-trial-started']);
  });

  it('gives one trial per client and robot: again is 409 trial_taken, and two tabs at once get one trial and one 409', async () => {
    const robot = await trialRobot(3);
    const client = await newClient(shop.app);
    expect((await startTrial(client, robot.id)).statusCode).toBe(201);
    const again = await startTrial(client, robot.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: 'trial_taken' } });

    const other = await newClient(shop.app);
    const answers = await Promise.all([startTrial(other, robot.id), startTrial(other, robot.id)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json()).toMatchObject({
      error: { code: 'trial_taken', message: expect.stringContaining('already had the free trial') },
    });
    const trials = await shop.app.database.db
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', other.id)
      .where('robot_id', '=', robot.id)
      .execute();
    expect(trials).toHaveLength(1);
    expect(
      await shop.app.database.db.selectFrom('licences').select('id').where('order_id', '=', trials[0]!.id).execute(),
    ).toHaveLength(1);
  });

  it('refuses visitors, robots without a trial, unknown robots, and a trial without the Terms', async () => {
    const robot = await trialRobot(5);
    const visitor = await shop.app.inject({
      method: 'POST',
      url: '/api/orders/trials',
      headers: { origin: shop.config.publicUrl },
      payload: { robot_id: robot.id, terms_accepted: true },
    });
    expect(visitor.statusCode).toBe(401);

    const client = await newClient(shop.app);
    const noTrial = await newRobot(shop.app);
    const refused = await startTrial(client, noTrial.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: 'trial_unavailable' } });
    expect((await startTrial(client, 'no-such-robot')).statusCode).toBe(404);
    const noTerms = await client.post('/api/orders/trials', { robot_id: robot.id, terms_accepted: false });
    expect(noTerms.statusCode).toBe(400);
    // Nothing was written by the refusals.
    expect((await client.get('/api/orders')).json<Order[]>()).toEqual([]);
  });

  it('runs on a demo account and not on a real one (demo_only), and stops at the end of the trial (expired), as the robot client sees it', async () => {
    const robot = await trialRobot(7);
    const licensed = await withSecret(robot);
    const client = await newClient(shop.app);
    const trial = (await startTrial(client, robot.id)).json<Order>();
    const { key, expires_at } = (await licenceOf(trial.id))!;
    const net = nextNetwork();

    const demo = terminal(net, { login: 81001, server: 'Broker-Demo', real: false });
    const onDemo = robotClient(shop, licensed, key, demo);
    expect(await onDemo.Check()).toBe(true);
    expect(onDemo.State()).toBe('licensed');
    expect(onDemo.ExpiresAt()).toBe(Math.floor(Date.parse(expires_at!) / 1000));

    const real = robotClient(shop, licensed, key, terminal(net, { login: 51001 }));
    expect(await real.Check()).toBe(false);
    expect(real.State()).toBe('refused');
    expect(real.LastError()).toBe('demo_only');
    expect(net.answers.at(-1)!.status).toBe(403);

    // Offline, the demo robot does not outlive the trial: its lease and grace end with it.
    net.down = true;
    demo.clock.now = Math.floor(Date.parse(expires_at!) / 1000) + 60;
    expect(await onDemo.Check()).toBe(false);
    expect(onDemo.State()).toBe('lapsed');

    // Back online after the end (the trial's end moved into the past, as time would): expired.
    net.down = false;
    const past = new Date(Date.now() - 1000).toISOString();
    const { db } = shop.app.database;
    await db.updateTable('orders').set({ trial_ends_at: past }).where('id', '=', trial.id).execute();
    await db.updateTable('licences').set({ expires_at: past }).where('order_id', '=', trial.id).execute();
    demo.clock.now += TBL_RECHECK_SECONDS;
    expect(await onDemo.Check()).toBe(false);
    expect(onDemo.LastError()).toBe('expired');
  });

  it('emails the client once before the trial ends, through the outbox; no email for other orders or ended trials', async () => {
    const robot = await trialRobot(7);
    const client = await newClient(shop.app, { name: 'Alex Moreau' });
    const trial = (await startTrial(client, robot.id)).json<Order>();
    const endsAt = Date.parse(trial.trial_ends_at!);
    // A paid order of a licensed robot, whose licence also ends one day: not a trial, no reminder.
    const bought = await client.post('/api/orders', orderBody(robot.id));
    expect((await paymentCallback(shop.app, { order_id: bought.json<Order>().id, status: 'paid' })).statusCode).toBe(
      200,
    );

    const kinds = async (orderId: string) => (await emailsOf(orderId)).map((email) => email.kind);
    // Six days before the end: not yet.
    expect(await shop.app.trialReminders.run(endsAt - 6 * DAY_MS)).toMatchObject({ ran: true });
    expect(await kinds(trial.id)).toEqual(['order-trial-started']);

    // 23 hours before the end: the email, once, however often the job runs.
    const dayBefore = endsAt - 23 * 3_600_000;
    await shop.app.trialReminders.run(dayBefore);
    await shop.app.trialReminders.run(dayBefore + 60_000);
    await shop.app.trialReminders.run(endsAt - 3_600_000);
    expect(await kinds(trial.id)).toEqual(['order-trial-started', 'order-trial-ending']);
    const ending = (await emailsOf(trial.id)).at(-1)!;
    expect(ending).toMatchObject({ recipient: client.email, language: 'en' });
    expect(ending.subject).toBe(`Your free trial of ${robot.name} ends soon`);
    // Where to buy it: the robot's own address (issue 19 §4), not the SPEC's that redirects there.
    const { slug } = await shop.app.database.db
      .selectFrom('robots')
      .select('slug')
      .where('id', '=', robot.id)
      .executeTakeFirstOrThrow();
    expect(ending.body).toContain(`Buy ${robot.name} on its page:\n${shop.config.publicUrl}/robots/${slug}\n`);
    expect(ending.body).not.toContain('/RobotDetail');

    expect(await kinds(bought.json<Order>().id)).not.toContain('order-trial-ending');

    // A one-day trial is told halfway, 12 hours before its end; one already over is told nothing.
    const short = await trialRobot(1);
    const shortTrial = (await startTrial(client, short.id)).json<Order>();
    const shortEnd = Date.parse(shortTrial.trial_ends_at!);
    await shop.app.trialReminders.run(shortEnd - 13 * 3_600_000);
    expect(await kinds(shortTrial.id)).toEqual(['order-trial-started']);
    await shop.app.trialReminders.run(shortEnd + 60_000);
    expect(await kinds(shortTrial.id)).toEqual(['order-trial-started']);
    await shop.app.trialReminders.run(shortEnd - 11 * 3_600_000);
    expect(await kinds(shortTrial.id)).toEqual(['order-trial-started', 'order-trial-ending']);
  });

  it('keeps the owner from marking a trial paid, refunding it or setting it by hand, and counts it in no revenue', async () => {
    const robot = await trialRobot(7);
    const client = await newClient(shop.app);
    const totalsBefore = (await admin.get('/api/admin/dashboard')).json<DashboardTotals>();
    const trial = (await startTrial(client, robot.id)).json<Order>();

    const listed = (await admin.get(`/api/admin/orders?q=${trial.id.slice(0, 8)}`)).json<{ items: AdminOrder[] }>();
    expect(listed.items.find((order) => order.id === trial.id)).toMatchObject({ trial: true, price: 0 });

    for (const [url, body] of [
      [`/api/admin/orders/${trial.id}`, { status: 'paid' }],
      [`/api/admin/orders/${trial.id}/refund`, { note: 'asked for it' }],
      [`/api/admin/orders/${trial.id}/mark-paid`, { note: 'paid in cash' }],
      [`/api/admin/orders/${trial.id}/cancel`, {}],
    ] as const) {
      const refused = await admin.request(url.endsWith(trial.id) ? 'PATCH' : 'POST', url, body);
      expect([refused.statusCode, refused.json().error.code], url).toEqual([409, 'trial_order']);
    }
    expect((await client.get(`/api/orders/${trial.id}`)).json<Order>().status).toBe('completed');

    const totalsAfter = (await admin.get('/api/admin/dashboard')).json<DashboardTotals>();
    expect(totalsAfter.total_orders).toBe(totalsBefore.total_orders);
    expect(totalsAfter.total_revenue).toBe(totalsBefore.total_revenue);
  });

  it('lets the client buy the robot after the trial: an ordinary order with its own licence and real slots', async () => {
    const robot = await trialRobot(7);
    const client = await newClient(shop.app);
    const trial = (await startTrial(client, robot.id)).json<Order>();
    const created = await client.post('/api/orders', orderBody(robot.id));
    expect(created.statusCode).toBe(201);
    const order = created.json<Order>();
    expect(order).toMatchObject({ trial: false, trial_ends_at: null, price: robot.price });
    const paid = await paymentCallback(shop.app, { order_id: order.id, status: 'paid' });
    expect(paid.json()).toMatchObject({ status: 'completed' });
    expect(payments.requests).toHaveLength(0);

    const licence = (await licenceOf(order.id))!;
    expect(licence).toMatchObject({ real_slots: 1, demo_slots: 2, status: 'active' });
    expect(licence.key).not.toBe((await licenceOf(trial.id))!.key);
    const net = nextNetwork();
    const real = robotClient(shop, await withSecret(robot), licence.key, terminal(net, { login: 52001 }));
    expect(await real.Check()).toBe(true);
  });
});
