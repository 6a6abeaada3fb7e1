import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../src/shared/schemas/orders.js';
import type { Robot } from '../../src/shared/schemas/catalogue.js';
import { withShop, type Shop } from '../support/shop.js';
import { testDialects } from '../support/test-app.js';

// The test kit itself (decision 0016): what its factories make is what the shop would have made.
describe.each(testDialects)('the test kit on %s', (dialect) => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await withShop(dialect);
  });
  afterAll(() => shop.close());

  it('signs in the administrator and a client, and leaves the visitor signed out', async () => {
    expect((await shop.admin.get('/api/me')).json()).toMatchObject({ id: shop.admin.id, role: 'admin' });
    expect((await shop.client.get('/api/me')).json()).toMatchObject({
      id: shop.client.id,
      email: shop.client.email,
      role: 'client',
    });
    expect((await shop.anonymous.get('/api/me')).statusCode).toBe(401);
    expect((await shop.client.get('/api/admin/orders')).statusCode).toBe(403);
  });

  it('makes a new client and a new administrator on every call', async () => {
    const [one, two] = [await shop.newClient(), await shop.newClient({ name: 'Named Client' })];
    expect(one.email).not.toBe(two.email);
    expect((await two.get('/api/me')).json()).toMatchObject({ full_name: 'Named Client', role: 'client' });
    const admin = await shop.newAdmin();
    expect((await admin.get('/api/admin/orders')).statusCode).toBe(200);
  });

  it('adds robots visitors see at once, sanitised as the back office saves them; inactive ones stay hidden', async () => {
    await shop.anonymous.get('/api/robots');
    const robot = await shop.newRobot({
      description: { en: '<p onclick="x()">Fast</p>' },
      features: { en: ['News filter'] },
    });
    expect(robot).toMatchObject({
      status: 'active',
      description: { en: '<p>Fast</p>', fr: '' },
      features: { en: ['News filter'], fr: [] },
    });
    expect((await shop.anonymous.get('/api/robots')).json<Robot[]>().map((r) => r.id)).toContain(robot.id);
    const hidden = await shop.newRobot({ status: 'inactive' });
    expect(hidden.name).not.toBe(robot.name);
    expect((await shop.anonymous.get(`/api/robots/${hidden.id}`)).statusCode).toBe(404);
  });

  it('makes orders in any status, owned by their client; a delivered file can be downloaded', async () => {
    const pending = await shop.newOrder({ client: shop.client });
    expect((await shop.client.get(`/api/orders/${pending.id}`)).json<Order>().status).toBe('pending_payment');
    const failed = await shop.newOrder({ status: 'failed' });
    expect((await failed.client.get(`/api/orders/${failed.id}`)).json<Order>().status).toBe('failed');
    expect((await shop.client.get(`/api/orders/${failed.id}`)).statusCode).toBe(404);

    const delivered = await shop.newOrder({ file: { name: 'Kit Bot.mq5', content: 'robot bytes' } });
    expect((await shop.admin.get(`/api/admin/orders/${delivered.id}`)).json()).toMatchObject({
      status: 'completed',
      has_file: true,
      file_name: 'Kit Bot.mq5',
    });
    const link = (await delivered.client.post(`/api/orders/${delivered.id}/download`)).json<{ url: string }>();
    const file = await shop.anonymous.get(new URL(link.url).pathname);
    expect(file.body).toBe('robot bytes');
    await expect(shop.newOrder({ status: 'paid', file: { name: 'x.zip', content: 'x' } })).rejects.toThrow();
  });

  it('saves settings as the Settings page does: the next public read sees them', async () => {
    expect((await shop.anonymous.get('/api/settings/public')).json().hero_title.en).not.toBe('Kit title');
    await shop.setSetting('hero_title', { en: 'Kit title', fr: 'Titre du kit' });
    expect((await shop.anonymous.get('/api/settings/public')).json().hero_title).toEqual({
      en: 'Kit title',
      fr: 'Titre du kit',
    });
  });
});
