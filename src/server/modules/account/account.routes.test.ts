import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requester } from '../../../../tests/support/requests.js';
import { SAME_ORIGIN, signIn } from '../../../../tests/support/sessions.js';
import { withShop, type Shop } from '../../../../tests/support/shop.js';
import { testDialects } from '../../../../tests/support/test-app.js';
import type { AccountSession } from '../../../shared/schemas/account.js';

describe.each(testDialects)('account API on %s', (dialect) => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await withShop(dialect);
  });
  afterAll(() => shop.close());

  it('lists the user’s own devices without their tokens, and signs out one or all the others', async () => {
    const client = await shop.newClient();
    const second = requester(shop.app, await signIn(shop.app, client.email, client.password));
    const third = requester(shop.app, await signIn(shop.app, client.email, client.password));
    const other = await shop.newClient();

    const listed = (await client.get('/api/account/sessions')).json<AccountSession[]>();
    // Signing up signs in too: four sessions in all.
    expect(listed).toHaveLength(4);
    expect(listed.filter((session) => session.current)).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toMatch(/token/i);

    const theirs = (await other.get('/api/account/sessions')).json<AccountSession[]>();
    expect((await client.delete(`/api/account/sessions/${theirs[0]!.id}`)).statusCode).toBe(404);
    expect((await other.get('/api/me')).statusCode).toBe(200);

    const secondId = (await second.get('/api/account/sessions'))
      .json<AccountSession[]>()
      .find((session) => session.current)!.id;
    expect((await client.delete(`/api/account/sessions/${secondId}`)).statusCode).toBe(204);
    expect((await second.get('/api/me')).statusCode).toBe(401);

    expect((await client.post('/api/account/sessions/revoke-others')).statusCode).toBe(204);
    expect((await third.get('/api/me')).statusCode).toBe(401);
    expect((await client.get('/api/me')).statusCode).toBe(200);
    expect((await client.get('/api/account/sessions')).json<AccountSession[]>()).toHaveLength(1);
  });

  it('deletes an account only with its password, and keeps its orders without personal data', async () => {
    const client = await shop.newClient({ name: 'Leaving Client' });
    const { db } = shop.app.database;
    const robot = await shop.newRobot();
    const { id: orderId } = await shop.newOrder({ client, robot, status: 'paid' });

    const missing = await client.post('/api/account/delete', {});
    expect(missing.statusCode).toBe(400);
    const wrong = await client.post('/api/account/delete', { password: 'not-the-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ password: 'incorrect' });
    expect((await client.get('/api/me')).statusCode).toBe(200);

    expect((await client.post('/api/account/delete', { password: client.password })).statusCode).toBe(204);
    expect((await client.get('/api/me')).statusCode).toBe(401);
    expect(
      await db.selectFrom('users').select('id').where('email', '=', client.email).executeTakeFirst(),
    ).toBeUndefined();
    expect(
      await db.selectFrom('sessions').select('id').where('user_id', '=', client.id).executeTakeFirst(),
    ).toBeUndefined();
    expect(
      await db.selectFrom('accounts').select('id').where('user_id', '=', client.id).executeTakeFirst(),
    ).toBeUndefined();
    const kept = await db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(kept).toMatchObject({
      user_id: null,
      telegram_username: '',
      robot_name: robot.name,
      price: robot.price,
      status: 'paid',
    });
    const signInAgain = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: SAME_ORIGIN,
      payload: { email: client.email, password: client.password },
    });
    expect(signInAgain.statusCode).toBe(401);
  });

  it('refuses to delete the only administrator', async () => {
    const response = await shop.admin.post('/api/account/delete', { password: shop.admin.password });
    expect(response.statusCode).toBe(403);
    expect((await shop.admin.get('/api/me')).statusCode).toBe(200);
  });
});
