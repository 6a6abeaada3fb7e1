import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shortOrderNumber } from '../../../shared/order-number.js';
import type { SignedInUser } from '../../../../tests/support/factories.js';
import { paymentCallback, uploadRobotFile, WORKFLOW_SECRET } from '../../../../tests/support/orders.js';
import { withShop, type Shop } from '../../../../tests/support/shop.js';
import { testDialects } from '../../../../tests/support/test-app.js';
import type { Robot } from '../../../shared/schemas/catalogue.js';
import { readOutbox } from '../../../../tests/support/outbox.js';
import { robotZip } from '../../../../tests/support/robot-files.js';
import { cleanFileName } from '../../text/file-names.js';

/** Every file under a folder, recursively (none when it does not exist). */
function filesUnder(folder: string): string[] {
  try {
    return readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}

describe.each(testDialects)('order management on %s', (dialect) => {
  let shop: Shop;
  let admin: string;
  let client: SignedInUser;
  let robot: Robot;
  const orderFiles = (orderId: string) => filesUnder(path.join(shop.dataDir, 'storage', 'private', 'orders', orderId));

  beforeAll(async () => {
    shop = await withShop(dialect, { env: { STATS_REFRESH_SECONDS: '0' }, client: { name: 'Zoé Buyer' } });
    admin = shop.admin.cookie;
    client = shop.client;
    robot = await shop.newRobot();
    await shop.setSetting('n8n_secret_token', WORKFLOW_SECRET);
  });
  afterAll(() => shop.close());

  const paidOrder = async () => {
    const order = await shop.newOrder({ client, robot });
    await paymentCallback(shop.app, { order_id: order.id, status: 'paid' });
    return order;
  };

  it('delivers a file: completes the order, keeps the original name, and keeps an older file as an earlier version', async () => {
    const order = await paidOrder();
    const first = await uploadRobotFile(shop.app, admin, order.id, 'Alpha EA.mq5', Buffer.from('first'));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 'completed', has_file: true, file_name: 'Alpha EA.mq5' });
    expect(orderFiles(order.id)).toHaveLength(1);
    const second = await uploadRobotFile(shop.app, admin, order.id, '../../etc/Alpha v2.ZIP', robotZip());
    expect(second.json().file_name).toBe('Alpha v2.ZIP');
    // Decision 0018: a later file is the order's version 2; version 1 stays, with its own file.
    expect(second.json().versions.map((version: { label: string }) => version.label)).toEqual(['2', '1']);
    const files = orderFiles(order.id);
    expect(files).toHaveLength(2);
    expect(files.filter((file) => readFileSync(file).equals(robotZip()))).toHaveLength(1);
  });

  it('refuses delivery for an unpaid order, a wrong type and a file over 50 MB, keeping nothing', async () => {
    const unpaid = await shop.newOrder({ client, robot });
    expect((await uploadRobotFile(shop.app, admin, unpaid.id, 'robot.zip', Buffer.from('x'))).statusCode).toBe(409);
    const order = await paidOrder();
    const exe = await uploadRobotFile(shop.app, admin, order.id, 'robot.exe', Buffer.from('MZ'));
    expect(exe.statusCode).toBe(415);
    const large = await uploadRobotFile(shop.app, admin, order.id, 'robot.zip', Buffer.alloc(51 * 1024 * 1024, 1));
    expect(large.statusCode).toBe(413);
    expect(large.json().error.code).toBe('payload_too_large');
    expect(orderFiles(order.id)).toEqual([]);
    expect(orderFiles(unpaid.id)).toEqual([]);
    expect(filesUnder(path.join(shop.dataDir, 'storage', '.partial'))).toEqual([]);
    const row = await shop.admin.get(`/api/admin/orders/${order.id}`);
    expect(row.json()).toMatchObject({ status: 'paid', has_file: false });
    const noFile = await shop.admin.put(`/api/admin/orders/${order.id}/file`, { file: 'x' });
    expect(noFile.statusCode).toBe(415);
  });

  it('sets any status by hand, and deletes an order with its file', async () => {
    const order = await paidOrder();
    const patched = await shop.admin.patch(`/api/admin/orders/${order.id}`, { status: 'in_progress' });
    expect(patched.json().status).toBe('in_progress');
    expect((await shop.admin.patch(`/api/admin/orders/${order.id}`, { status: 'shipped' })).statusCode).toBe(400);
    await uploadRobotFile(shop.app, admin, order.id, 'robot.py', Buffer.from('print(1)'));
    expect(orderFiles(order.id)).toHaveLength(1);
    expect((await shop.admin.delete(`/api/admin/orders/${order.id}`)).statusCode).toBe(204);
    expect(orderFiles(order.id)).toEqual([]);
    expect((await shop.admin.get(`/api/admin/orders/${order.id}`)).statusCode).toBe(404);
    expect((await shop.admin.delete(`/api/admin/orders/${order.id}`)).statusCode).toBe(404);
  });

  it('shows an order with its callbacks, downloads and grants, and grants extra downloads', async () => {
    const order = await paidOrder();
    await uploadRobotFile(shop.app, admin, order.id, 'robot.mq4', Buffer.from('ea'));
    for (let i = 0; i < 2; i++) {
      await client.post(`/api/orders/${order.id}/download`);
    }
    const granted = await shop.admin.post(`/api/admin/orders/${order.id}/download-grants`, { extra: 1 });
    expect(granted.json()).toMatchObject({ download_count: 1, downloads_remaining: 1 });
    const detail = (await shop.admin.get(`/api/admin/orders/${order.id}`)).json();
    expect(detail).toMatchObject({ client_email: client.email, client_name: 'Zoé Buyer', language: 'en' });
    expect(detail.callbacks).toHaveLength(1);
    expect(detail.callbacks[0]).toMatchObject({ outcome: 'applied', signature: 'secret' });
    expect(detail.downloads).toHaveLength(2);
    expect(detail.grants).toEqual([expect.objectContaining({ extra: 1 })]);
    expect(detail).not.toHaveProperty('file_path');
    expect((await client.post(`/api/orders/${order.id}/download`)).statusCode).toBe(200);
  });

  it('pages, filters by status and searches by order number, client and robot', async () => {
    const other = await shop.newClient({ name: 'Quentin Search' });
    const mine = await shop.newOrder({ client: other, robot });
    const byClient = (await shop.admin.get('/api/admin/orders?q=QUENTIN')).json();
    expect(byClient.items.map((o: { id: string }) => o.id)).toEqual([mine.id]);
    expect((await shop.admin.get(`/api/admin/orders?q=${shortOrderNumber(mine.id)}`)).json().items[0].id).toBe(mine.id);
    expect(
      (await shop.admin.get(`/api/admin/orders?q=${encodeURIComponent(robot.name.toLowerCase())}`)).json().total,
    ).toBeGreaterThan(1);
    expect((await shop.admin.get('/api/admin/orders?q=%25')).json().total).toBe(0);
    const pending = (await shop.admin.get('/api/admin/orders?status=pending_payment')).json();
    expect(pending.items.every((o: { status: string }) => o.status === 'pending_payment')).toBe(true);
    const all = (await shop.admin.get('/api/admin/orders')).json();
    expect(all.page_size).toBe(25);
    expect(all.items[0].id).toBe(mine.id);
    expect((await shop.admin.get('/api/admin/orders?page=2')).json()).toMatchObject({ page: 2, items: [] });
    expect((await shop.admin.get('/api/admin/orders?status=lost')).statusCode).toBe(400);
  });

  it('exports the orders as CSV, defusing formulas', async () => {
    const order = await shop.newOrder({ client, robot });
    await shop.app.database.db
      .updateTable('orders')
      .set({ telegram_username: '@=HYPERLINK("x")' })
      .where('id', '=', order.id)
      .execute();
    const response = await shop.admin.get('/api/admin/orders/export?status=pending_payment');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,created_date,status,client_email,client_name,robot_name,price,telegram_username,payment_id,download_count,file_name',
    );
    expect(lines.find((line) => line.startsWith(order.id))).toContain(`"'@=HYPERLINK(""x"")"`);
    expect(lines.slice(1).every((line) => line.includes('pending_payment'))).toBe(true);
  });

  it('totals revenue over paid, completed and in-progress orders, orders and users, with 30 days of revenue', async () => {
    const totals = (await shop.admin.get('/api/admin/dashboard')).json();
    const orders = await shop.app.database.db.selectFrom('orders').select(['price', 'status']).execute();
    const revenue = orders
      .filter((o) => ['paid', 'completed', 'in_progress'].includes(o.status))
      .reduce((sum, o) => sum + o.price, 0);
    expect(totals.total_revenue).toBeCloseTo(revenue, 2);
    expect(totals.total_orders).toBe(orders.length);
    expect(totals.total_users).toBe(3);
    expect(totals.revenue_by_day).toHaveLength(30);
    expect(totals.revenue_by_day.at(-1)).toEqual({
      day: new Date().toISOString().slice(0, 10),
      revenue: expect.closeTo(revenue, 2),
    });
  });

  it('writes the order emails in the language of the client', async () => {
    const french = await shop.newClient({ name: 'Jean' });
    const response = await french.post(
      '/api/orders',
      { robot_id: robot.id, telegram_username: '@jean', strategy_instructions: 'x'.repeat(60), terms_accepted: true },
      { 'accept-language': 'fr-FR,fr;q=0.9' },
    );
    const order = response.json();
    await paymentCallback(shop.app, { order_id: order.id, status: 'paid' });
    await uploadRobotFile(shop.app, admin, order.id, 'robot.zip', robotZip());
    // Waits on the email outbox's state, never on time: every order email written so far has left.
    await shop.app.emailOutbox.drain();
    // Sign-up also mails an address confirmation (directly, not through the email outbox): only the
    // order emails count. readOutbox decodes the messages, whose lines quoted-printable may break.
    const mails = readOutbox(shop.dataDir).filter((mail) => !mail.text.includes('/api/auth/verify-email'));
    const toClient = mails.filter((mail) => mail.to === french.email);
    expect(toClient).toHaveLength(3);
    expect(toClient.map((mail) => mail.subject).join('\n')).toContain('Commande');
    expect(toClient.every((mail) => mail.text.includes('/Dashboard'))).toBe(true);
    expect(
      mails.some((mail) => mail.to === shop.admin.email && mail.subject.includes(shortOrderNumber(order.id))),
    ).toBe(true);
  });

  it('normalises file names for the download', () => {
    expect(cleanFileName('C:\\Users\\me\\My\u0007Bot.mq5', 'robot.mq5')).toBe('MyBot.mq5');
    expect(cleanFileName('.zip', 'robot.zip')).toBe('robot.zip');
    expect(cleanFileName(`${'a'.repeat(300)}.zip`, 'robot.zip')).toHaveLength(150);
  });
});
