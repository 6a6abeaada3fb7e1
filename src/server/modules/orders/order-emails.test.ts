import { rmSync, writeFileSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shortOrderNumber } from '../../../shared/order-number.js';
import {
  activeRobot,
  createOrder,
  orderBody,
  paymentCallback,
  setSetting,
  uploadRobotFile,
  WORKFLOW_SECRET,
} from '../../../../tests/support/orders.js';
import { createClient, SAME_ORIGIN, signIn } from '../../../../tests/support/sessions.js';
import { createTestApp, TEST_ADMIN, testDialects, type TestApp } from '../../../../tests/support/test-app.js';
import { inProcessOrderChanges } from '../../realtime/order-changes.js';
import { createAuditLog } from '../audit/audit.service.js';
import { createSettingsService, settingsCacheOf } from '../settings/settings.service.js';
import { OrderEmails } from './order-emails.js';
import { OrderStatusChanger } from './order-status.js';
import { OrdersRepository } from './orders.repository.js';

describe.each(testDialects)('order emails on %s', (dialect) => {
  let shop: TestApp;
  let admin: string;
  let robot: { id: string; name: string; price: number };

  beforeAll(async () => {
    shop = await createTestApp(dialect, { STATS_REFRESH_SECONDS: '0' });
    admin = await signIn(shop.app, TEST_ADMIN.email, TEST_ADMIN.password);
    robot = await activeRobot(shop.app);
    await setSetting(shop.app, 'n8n_secret_token', WORKFLOW_SECRET);
  });
  afterAll(() => shop.close());

  const emailsOf = (orderId: string) =>
    shop.app.database.db
      .selectFrom('email_outbox')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('created_at')
      .orderBy('kind')
      .orderBy('recipient')
      .execute();

  it('writes each email of an order in the language it was ordered in, and a note to each administrator', async () => {
    const client = await createClient(shop.app, 'claire@example.com', 'Claire Dupont');
    const second = await createClient(shop.app, 'second-admin@example.com', 'Second Admin');
    await shop.app.database.db.updateTable('users').set({ role: 'admin' }).where('id', '=', second.id).execute();
    const order = await createOrder(shop.app, client.cookie, robot.id, { 'accept-language': 'fr-FR,fr;q=0.9' });
    await paymentCallback(shop.app, { order_id: order.id, status: 'paid' });
    // A repeated report changes nothing, and so writes no email.
    await paymentCallback(shop.app, { order_id: order.id, status: 'paid' });
    await uploadRobotFile(shop.app, admin, order.id, 'robot.mq5', Buffer.from('ea'));
    await shop.app.emailOutbox.drain();

    const number = shortOrderNumber(order.id);
    const emails = await emailsOf(order.id);
    expect(emails.map((email) => [email.kind, email.recipient, email.language])).toEqual([
      ['order-received', 'claire@example.com', 'fr'],
      ['order-paid', 'claire@example.com', 'fr'],
      ['order-paid-administrator', TEST_ADMIN.email, 'en'],
      ['order-paid-administrator', 'second-admin@example.com', 'en'],
      ['order-delivered', 'claire@example.com', 'fr'],
    ]);
    expect(emails[0]!.subject).toBe(`Commande #${number} reçue : ${robot.name}`);
    expect(emails[0]!.body).toContain('Bonjour Claire Dupont,');
    expect(emails[0]!.body).toContain('http://localhost:3000/Dashboard');
    expect(emails[2]!.subject).toBe(`Paid order #${number}: ${robot.name} ($${robot.price.toFixed(2)})`);
    expect(emails[2]!.body).toContain('claire@example.com');
    // Each is sent once, each with a Message-ID of its own.
    expect(emails.every((email) => email.sent_at !== null && email.attempts === 1)).toBe(true);
    expect(new Set(emails.map((email) => email.message_id)).size).toBe(emails.length);
  });

  it('writes an administrator who orders for themselves their client email and their note, and every other administrator theirs', async () => {
    const orderingAdmin = await createClient(shop.app, 'admin-buyer@example.com', 'Admin Buyer');
    await shop.app.database.db.updateTable('users').set({ role: 'admin' }).where('id', '=', orderingAdmin.id).execute();
    try {
      const order = await createOrder(shop.app, orderingAdmin.cookie, robot.id);
      await paymentCallback(shop.app, { order_id: order.id, status: 'paid' });
      const { administrators } = await new OrdersRepository(
        shop.app.database.db,
        shop.app.database.dialect,
      ).paidOrderRecipients(null);
      expect(administrators).toContain('admin-buyer@example.com');
      const emails = (await emailsOf(order.id)).map((email) => [email.kind, email.recipient]);
      // The notes' order is the database's collation of the addresses: compared sorted here.
      const notes = emails.filter(([kind]) => kind === 'order-paid-administrator').map(([, to]) => to);
      expect(emails.filter(([kind]) => kind !== 'order-paid-administrator')).toEqual([
        ['order-received', 'admin-buyer@example.com'],
        ['order-paid', 'admin-buyer@example.com'],
      ]);
      expect(notes.sort()).toEqual(administrators.sort());
    } finally {
      await shop.app.database.db
        .updateTable('users')
        .set({ role: 'client' })
        .where('id', '=', orderingAdmin.id)
        .execute();
    }
  });

  it('tells the owner in the language they chose for the shop, and the client that a payment is under review', async () => {
    const client = await createClient(shop.app, 'short@example.com', 'Short Payer');
    await setSetting(shop.app, 'default_language', 'fr');
    try {
      const order = await createOrder(shop.app, client.cookie, robot.id);
      await paymentCallback(shop.app, { order_id: order.id, status: 'paid', amount_paid: 1 });
      const marked = await shop.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${order.id}/mark-paid`,
        headers: { ...SAME_ORIGIN, cookie: admin },
        payload: { note: 'Rest paid by card.' },
      });
      expect(marked.statusCode).toBe(200);
      const number = shortOrderNumber(order.id);
      const emails = await emailsOf(order.id);
      const underReview = emails.find((email) => email.kind === 'order-under-review');
      expect(underReview).toMatchObject({ recipient: 'short@example.com', language: 'en' });
      expect(underReview!.subject).toBe(`Payment for order #${number} under review`);
      const notice = emails.find((email) => email.kind === 'order-paid-administrator');
      expect(notice).toMatchObject({ recipient: TEST_ADMIN.email, language: 'fr' });
      expect(notice!.subject).toBe(
        `Commande payée #${number} : ${robot.name} (${robot.price.toFixed(2).replace('.', ',')} $)`,
      );
    } finally {
      await setSetting(shop.app, 'default_language', '');
    }
  });

  it('marks an order paid by hand when the settings were not read for a while, noting it in the shop language', async () => {
    const client = await createClient(shop.app, 'late@example.com', 'Late Marker');
    await setSetting(shop.app, 'default_language', 'fr');
    try {
      const order = await createOrder(shop.app, client.cookie, robot.id);
      // As 10 s without a read of the settings leave it: the note's language is read in the
      // change's transaction. On SQLite a read outside it waited for it, and it for the read.
      settingsCacheOf(shop.app.database.db).clear();
      const marked = await Promise.race([
        shop.app.inject({
          method: 'PATCH',
          url: `/api/admin/orders/${order.id}`,
          headers: { ...SAME_ORIGIN, cookie: admin },
          payload: { status: 'paid' },
        }),
        delay(5_000, 'no answer within 5 s' as const),
      ]);
      expect(marked === 'no answer within 5 s' ? marked : marked.statusCode).toBe(200);
      const notice = (await emailsOf(order.id)).find((email) => email.kind === 'order-paid-administrator');
      expect(notice).toMatchObject({ recipient: TEST_ADMIN.email, language: 'fr' });
    } finally {
      await setSetting(shop.app, 'default_language', '');
    }
  });

  it('writes no email for a change that did not commit', async () => {
    const client = await createClient(shop.app, 'rollback@example.com');
    const order = await createOrder(shop.app, client.cookie, robot.id);
    const orders = new OrdersRepository(shop.app.database.db, shop.app.database.dialect);
    const emails = new OrderEmails({
      outbox: shop.app.emailOutbox,
      publicUrl: shop.config.publicUrl,
      settings: createSettingsService(shop.app.database.db, shop.app.database.dialect),
    });
    const noLicences = { followOrderStatus: async () => undefined };
    const status = new OrderStatusChanger(
      orders,
      inProcessOrderChanges(shop.app.database.db),
      emails,
      pino({ level: 'silent' }),
      noLicences,
      { afterPaid: async () => ({ kind: 'per_order' }) },
      createAuditLog(shop.app.database.db),
    );
    const logged = async () =>
      (
        await shop.app.database.db.selectFrom('audit_log').select('action').where('record_id', '=', order.id).execute()
      ).map((row) => row.action);
    const before = (await orders.findById(order.id))!;
    const reported = { actor: 'workflow', kind: 'payment_reported' } as const;

    // A write that fails after the emails of the change were written takes them with it.
    await expect(
      status.write(before, 'paid', reported, {}, async () => {
        throw new Error('a later write of the same change failed');
      }),
    ).rejects.toThrow('a later write of the same change failed');
    expect((await orders.findById(order.id))!.status).toBe('pending_payment');
    expect((await emailsOf(order.id)).map((email) => email.kind)).toEqual(['order-received']);
    // Nor its line in the activity log, written in the same transaction.
    expect(await logged()).toEqual([]);

    // The same change, committed, has its emails and its line in the activity log.
    expect((await status.write(before, 'paid', reported))!.status).toBe('paid');
    expect(await logged()).toEqual(['payment_reported']);
    const { administrators } = await orders.paidOrderRecipients(null);
    expect((await emailsOf(order.id)).map((email) => email.kind)).toEqual([
      'order-received',
      'order-paid',
      ...administrators.map(() => 'order-paid-administrator'),
    ]);
  });

  it('shows the administrator the emails of an order, and why one is not sent yet', async () => {
    const client = await createClient(shop.app, 'unlucky@example.com');
    // The local mail folder cannot be created: a file is in its way, as a full or read-only disk would be.
    const mailFolder = path.join(shop.dataDir, 'outbox');
    rmSync(mailFolder, { recursive: true, force: true });
    writeFileSync(mailFolder, 'not a folder');
    try {
      const order = await createOrder(shop.app, client.cookie, robot.id);
      await shop.app.emailOutbox.drain();
      const detail = await shop.app.inject({ url: `/api/admin/orders/${order.id}`, headers: { cookie: admin } });
      expect(detail.statusCode).toBe(200);
      expect(detail.json().emails).toEqual([
        {
          id: expect.any(String),
          kind: 'order-received',
          recipient: 'unlucky@example.com',
          created_at: expect.any(String),
          attempts: 1,
          sent_at: null,
          failed_at: null,
          last_error: expect.stringContaining('EEXIST'),
        },
      ]);
    } finally {
      rmSync(mailFolder, { force: true });
    }
  });

  it('writes one received email for parallel creations with one Idempotency-Key', async () => {
    const client = await createClient(shop.app, 'twice@example.com');
    const create = () =>
      shop.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { ...SAME_ORIGIN, cookie: client.cookie, 'idempotency-key': 'same-key-0001' },
        payload: orderBody(robot.id),
      });
    const answers = await Promise.all([create(), create(), create()]);
    const ids = new Set(answers.map((answer) => answer.json<{ id: string }>().id));
    expect(ids.size).toBe(1);
    await shop.app.emailOutbox.drain();
    const emails = await emailsOf([...ids][0]!);
    expect(emails.map((email) => [email.kind, email.recipient])).toEqual([['order-received', 'twice@example.com']]);
  });
});
