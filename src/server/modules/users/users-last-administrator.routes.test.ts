import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withShop, type Shop } from '../../../../tests/support/shop.js';
import { testDialects } from '../../../../tests/support/test-app.js';
import type { UserListItem } from '../../../shared/schemas/users.js';
import { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';

describe.each(testDialects)('the last administrator on %s', (dialect) => {
  let shop: Shop;

  beforeAll(async () => {
    shop = await withShop(dialect);
  });
  afterAll(() => shop.close());

  const admins = async () =>
    (await shop.admin.get('/api/admin/users')).json<UserListItem[]>().filter((user) => user.role === 'admin');

  it('refuses to demote the only administrator (409), whoever asks', async () => {
    expect((await admins()).map((user) => user.id)).toEqual([shop.admin.id]);
    // Through the routes the only administrator is always the one asking (403, own role); the rule
    // itself holds for any caller of the service.
    const users = new UsersService(new UsersRepository(shop.app.database.db));
    await expect(users.changeRole(shop.client.id, shop.admin.id, 'client')).rejects.toMatchObject({
      status: 409,
      code: 'last_administrator',
    });
    expect((await admins()).map((user) => user.id)).toEqual([shop.admin.id]);
  });

  it('demotes an administrator while another remains', async () => {
    const second = await shop.newAdmin();
    const demoted = await shop.admin.patch(`/api/admin/users/${second.id}`, { role: 'client' });
    expect(demoted.statusCode).toBe(200);
    expect(demoted.json()).toMatchObject({ id: second.id, role: 'client' });
    expect((await admins()).map((user) => user.id)).toEqual([shop.admin.id]);
  });

  it('keeps one administrator when two demote each other at the same moment', async () => {
    const other = await shop.newAdmin();
    const answers = await Promise.all([
      shop.admin.patch(`/api/admin/users/${other.id}`, { role: 'client' }),
      other.patch(`/api/admin/users/${shop.admin.id}`, { role: 'client' }),
    ]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    // One change goes through; the other finds its author demoted (403) or the other the last one (409).
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect([403, 409]).toContain(statuses.find((status) => status !== 200));
    const refused = answers.find((answer) => answer.statusCode === 409);
    if (refused) expect(refused.json().error.code).toBe('last_administrator');
    expect(await new UsersRepository(shop.app.database.db).list()).toEqual(
      expect.arrayContaining([expect.objectContaining({ role: 'admin' })]),
    );
    const remaining = (await new UsersRepository(shop.app.database.db).list()).filter((user) => user.role === 'admin');
    expect(remaining).toHaveLength(1);
  });
});
