import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadRelease } from '../../../../tests/support/releases.js';
import { robotZip } from '../../../../tests/support/robot-files.js';
import { orderBody, paymentCallback, uploadRobotFile, WORKFLOW_SECRET } from '../../../../tests/support/orders.js';
import { withShop, type Shop } from '../../../../tests/support/shop.js';
import { testDialects } from '../../../../tests/support/test-app.js';
import type { Robot } from '../../../shared/schemas/catalogue.js';
import type { Order } from '../../../shared/schemas/orders.js';
import { createLicencesService } from '../licences/licences.service.js';

/**
 * New versions (issue 18 §1, decision 0018): a new release reaches every completed order of its
 * robot as a new version, through the durable job, with an email in the order's language carrying
 * the release notes; refunded, cancelled and unpaid orders get nothing; a new file uploaded for a
 * completed per-order order is a new version too. Licences announce the current release.
 */
describe.each(testDialects)('new releases reach their owners on %s', (dialect) => {
  let shop: Shop;

  beforeAll(async () => {
    shop = await withShop(dialect, { env: { STATS_REFRESH_SECONDS: '0' } });
    await shop.setSetting('n8n_secret_token', WORKFLOW_SECRET);
  });
  afterAll(() => shop?.close());

  const versionsOf = async (orderId: string) =>
    shop.app.database.db
      .selectFrom('order_versions')
      .select(['seq', 'label', 'download_count'])
      .where('order_id', '=', orderId)
      .orderBy('seq')
      .execute();
  const emailsOf = async (orderId: string, kind: string) => {
    await shop.app.emailOutbox.drain();
    return shop.app.database.db
      .selectFrom('email_outbox')
      .select(['recipient', 'language', 'subject', 'body'])
      .where('order_id', '=', orderId)
      .where('kind', '=', kind)
      .execute();
  };

  /** An order of a new client, in their language, moved to `status` as the shop moves it. */
  const orderIn = async (
    robot: Robot,
    status: 'completed' | 'refunded' | 'cancelled' | 'paid' | 'pending',
    language = 'en',
  ) => {
    const client = await shop.newClient({ name: `Owner ${status}` });
    const created = await client.post('/api/orders', orderBody(robot.id), { 'accept-language': language });
    const order = created.json<Order>();
    if (status === 'pending') return { order, client };
    if (status === 'cancelled') {
      expect((await client.post(`/api/orders/${order.id}/cancel`)).statusCode).toBe(200);
      return { order, client };
    }
    await paymentCallback(shop.app, { order_id: order.id, status: 'paid' });
    if (status === 'refunded') await shop.admin.post(`/api/admin/orders/${order.id}/refund`, {});
    return { order, client };
  };

  it('adds a new release to every completed order of the robot, once, with an email in its language and the notes as text', async () => {
    const robot = await shop.newRobot({ delivery: 'automatic', status: 'inactive' });
    await shop.newRelease(robot, { version: '1.0.0' });
    await shop.admin.patch(`/api/admin/robots/${robot.id}`, { status: 'active' });
    const english = await orderIn(robot, 'completed');
    const french = await orderIn(robot, 'completed', 'fr');
    const refunded = await orderIn(robot, 'refunded');
    const cancelled = await orderIn(robot, 'cancelled');
    const pending = await orderIn(robot, 'pending');
    const otherRobot = await orderIn(await shop.newRobot(), 'paid');
    expect(await versionsOf(english.order.id)).toEqual([{ seq: 1, label: '1.0.0', download_count: 0 }]);
    // The client downloads the first version once.
    expect((await english.client.post(`/api/orders/${english.order.id}/download`)).statusCode).toBe(200);

    const released = await uploadRelease(shop.admin, robot.id, {
      version: '1.1.0',
      notes: '<h2>What changed</h2><p>Trailing stop &amp; <strong>news filter</strong>.</p><ul><li>Faster</li></ul>',
      file: { name: 'Golden Robot 1.1.zip', content: robotZip() },
    });
    expect(released.statusCode).toBe(201);
    await shop.app.releaseDistribution.drain();
    await shop.app.releaseDistribution.drain();

    for (const owner of [english, french])
      expect(await versionsOf(owner.order.id)).toEqual([
        { seq: 1, label: '1.0.0', download_count: owner === english ? 1 : 0 },
        { seq: 2, label: '1.1.0', download_count: 0 },
      ]);
    for (const other of [refunded, cancelled, pending])
      expect((await versionsOf(other.order.id)).map((version) => version.label)).not.toContain('1.1.0');
    expect(await versionsOf(otherRobot.order.id)).toEqual([]);

    const [englishMail, ...moreEnglish] = await emailsOf(english.order.id, 'order-new-version');
    expect(moreEnglish).toEqual([]);
    expect(englishMail).toMatchObject({
      recipient: english.client.email,
      language: 'en',
      subject: `New version 1.1.0 of ${robot.name}`,
    });
    expect(englishMail!.body).toContain("What's new:\nWhat changed\nTrailing stop & news filter.\nFaster\n");
    expect(englishMail!.body).not.toContain('<');
    const [frenchMail] = await emailsOf(french.order.id, 'order-new-version');
    expect(frenchMail).toMatchObject({ language: 'fr', subject: `Nouvelle version 1.1.0 de ${robot.name}` });
    expect(frenchMail!.body).toContain('Nouveautés :\nWhat changed');
    for (const other of [refunded, cancelled, pending])
      expect(await emailsOf(other.order.id, 'order-new-version')).toEqual([]);

    // My Orders shows both versions, newest first, each with its own downloads.
    const mine = (await english.client.get(`/api/orders/${english.order.id}`)).json<Order>();
    expect(mine.versions.map((version) => [version.label, version.downloads_remaining, version.notes !== ''])).toEqual([
      ['1.1.0', 2, true],
      ['1.0.0', 1, false],
    ]);
    expect(mine).toMatchObject({ file_name: 'Golden Robot 1.1.zip', downloads_remaining: 2 });

    // An order completed after the release starts with it; it gets no second copy.
    const late = await orderIn(robot, 'completed');
    await shop.app.releaseDistribution.drain();
    expect(await versionsOf(late.order.id)).toEqual([{ seq: 1, label: '1.1.0', download_count: 0 }]);
    expect(await emailsOf(late.order.id, 'order-new-version')).toEqual([]);
  });

  it("tells each robot's licences the current release as latest_version", async () => {
    const robot = await shop.newRobot({ licence_required: true });
    const { order } = await orderIn(robot, 'paid');
    const { key } = (await createLicencesService(shop.app.database.db, shop.config).licenceOfOrder(order.id))!;
    const latest = async () => {
      const answer = await shop.anonymous.post('/api/licenses/activate', {
        license_key: key,
        robot_id: robot.id,
        account_login: '7001',
        account_server: 'Broker-Demo',
        account_mode: 'demo',
        platform: 'MT5',
        nonce: 'nonce-0123456789abcdef',
      });
      expect(answer.statusCode).toBe(200);
      const payload = JSON.parse(Buffer.from(answer.json<{ payload: string }>().payload, 'base64url').toString('utf8'));
      return payload.latest_version as string | null;
    };
    expect(await latest()).toBeNull();
    await shop.newRelease(robot, { version: '4.2.0' });
    expect(await latest()).toBe('4.2.0');
    await shop.newRelease(robot, { version: '4.10.1' });
    expect(await latest()).toBe('4.10.1');
  });

  it('makes a new file uploaded for a completed per-order order its next version, with an email', async () => {
    const robot = await shop.newRobot();
    const { order } = await orderIn(robot, 'paid', 'fr');
    const first = await uploadRobotFile(shop.app, shop.admin.cookie, order.id, 'Built for you.mq5', Buffer.from('v1'));
    expect(first.json()).toMatchObject({ status: 'completed', versions: [{ label: '1' }] });
    const second = await uploadRobotFile(
      shop.app,
      shop.admin.cookie,
      order.id,
      'Built for you v2.mq5',
      Buffer.from('v2'),
    );
    const third = await uploadRobotFile(
      shop.app,
      shop.admin.cookie,
      order.id,
      'Built for you v3.mq5',
      Buffer.from('v3'),
    );
    expect(second.statusCode).toBe(200);
    expect(third.json()).toMatchObject({
      status: 'completed',
      file_name: 'Built for you v3.mq5',
      versions: [{ label: '3' }, { label: '2' }, { label: '1' }],
    });
    const mails = await emailsOf(order.id, 'order-new-version');
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      `Nouvelle version 2 de ${robot.name}`,
      `Nouvelle version 3 de ${robot.name}`,
    ]);
    expect(mails[0]!.body).not.toContain('Nouveautés');
    expect(await emailsOf(order.id, 'order-delivered')).toHaveLength(1);
  });
});
