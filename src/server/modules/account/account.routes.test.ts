import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, SAME_ORIGIN, signIn } from '../../../../tests/support/sessions.js';
import { createTestApp, TEST_ADMIN, testDialects, type TestApp } from '../../../../tests/support/test-app.js';
import type { AccountSession } from '../../../shared/schemas/account.js';

describe.each(testDialects)('account API on %s', (dialect) => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await createTestApp(dialect);
  });
  afterAll(() => shop.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string, payload?: Record<string, unknown>) =>
    shop.app.inject({ method, url, headers: { ...SAME_ORIGIN, cookie }, ...(payload ? { payload } : {}) });

  it('lists the user’s own devices without their tokens, and signs out one or all the others', async () => {
    const client = await createClient(shop.app, 'devices@example.com');
    const second = await signIn(shop.app, client.email, client.password);
    const third = await signIn(shop.app, client.email, client.password);
    const other = await createClient(shop.app, 'someone-else@example.com');

    const listed = (await call('GET', '/api/account/sessions', client.cookie)).json<AccountSession[]>();
    // Signing up signs in too: four sessions in all.
    expect(listed).toHaveLength(4);
    expect(listed.filter((session) => session.current)).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toMatch(/token/i);

    const theirs = (await call('GET', '/api/account/sessions', other.cookie)).json<AccountSession[]>();
    expect((await call('DELETE', `/api/account/sessions/${theirs[0]!.id}`, client.cookie)).statusCode).toBe(404);
    expect((await call('GET', '/api/me', other.cookie)).statusCode).toBe(200);

    const secondId = (await call('GET', '/api/account/sessions', second))
      .json<AccountSession[]>()
      .find((session) => session.current)!.id;
    expect((await call('DELETE', `/api/account/sessions/${secondId}`, client.cookie)).statusCode).toBe(204);
    expect((await call('GET', '/api/me', second)).statusCode).toBe(401);

    expect((await call('POST', '/api/account/sessions/revoke-others', client.cookie)).statusCode).toBe(204);
    expect((await call('GET', '/api/me', third)).statusCode).toBe(401);
    expect((await call('GET', '/api/me', client.cookie)).statusCode).toBe(200);
    expect((await call('GET', '/api/account/sessions', client.cookie)).json<AccountSession[]>()).toHaveLength(1);
  });

  it('deletes an account only with its password, and keeps its orders without personal data', async () => {
    const client = await createClient(shop.app, 'leaving@example.com', 'Leaving Client');
    const { db } = shop.app.database;
    const robot = await db.selectFrom('robots').select(['id', 'name', 'price']).executeTakeFirstOrThrow();
    const orderId = randomUUID();
    await db
      .insertInto('orders')
      .values({
        id: orderId,
        user_id: client.id,
        robot_id: robot.id,
        robot_name: robot.name,
        telegram_username: '@leaving_client',
        strategy_instructions: 'x'.repeat(60),
        price: robot.price,
        status: 'paid',
        estimated_delivery: new Date().toISOString(),
      })
      .execute();

    const missing = await call('POST', '/api/account/delete', client.cookie, {});
    expect(missing.statusCode).toBe(400);
    const wrong = await call('POST', '/api/account/delete', client.cookie, { password: 'not-the-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ password: 'incorrect' });
    expect((await call('GET', '/api/me', client.cookie)).statusCode).toBe(200);

    expect((await call('POST', '/api/account/delete', client.cookie, { password: client.password })).statusCode).toBe(
      204,
    );
    expect((await call('GET', '/api/me', client.cookie)).statusCode).toBe(401);
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
    const cookie = await signIn(shop.app, TEST_ADMIN.email, TEST_ADMIN.password);
    const response = await call('POST', '/api/account/delete', cookie, { password: TEST_ADMIN.password });
    expect(response.statusCode).toBe(403);
    expect((await call('GET', '/api/me', cookie)).statusCode).toBe(200);
  });
});
