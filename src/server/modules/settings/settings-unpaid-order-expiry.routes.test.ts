import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAME_ORIGIN, signIn } from '../../../../tests/support/sessions.js';
import { createTestApp, TEST_ADMIN, testDialects, type TestApp } from '../../../../tests/support/test-app.js';
import { unpaidOrderExpiryDays } from '../../../shared/settings-keys.js';

/** Issue 17 §3: after how many days an unpaid order is cancelled, edited on the Settings page. */
describe.each(testDialects)('the unpaid order expiry setting on %s', (dialect) => {
  let shop: TestApp;
  let admin: string;
  beforeAll(async () => {
    shop = await createTestApp(dialect, { STATS_REFRESH_SECONDS: '0' });
    admin = await signIn(shop.app, TEST_ADMIN.email, TEST_ADMIN.password);
  });
  afterAll(() => shop.close());

  const read = async () =>
    (await shop.app.inject({ url: '/api/admin/settings', headers: { cookie: admin } })).json().unpaid_order_expiry_days;
  const save = (value: unknown) =>
    shop.app.inject({
      method: 'PATCH',
      url: '/api/admin/settings',
      headers: { ...SAME_ORIGIN, cookie: admin },
      payload: { values: { unpaid_order_expiry_days: value } },
    });

  it('is 7 days by default, saved as whole days, and in the activity log', async () => {
    expect(await read()).toBe('7');
    const saved = await save(' 14 ');
    expect(saved.statusCode).toBe(200);
    expect(saved.json().unpaid_order_expiry_days).toBe('14');
    expect(await read()).toBe('14');
    const activity = (
      await shop.app.inject({ url: '/api/admin/audit?resource=settings', headers: { cookie: admin } })
    ).json();
    expect(activity.rows[0].changes).toMatchObject({ unpaid_order_expiry_days: { from: '7', to: '14' } });
    expect((await save('1')).statusCode).toBe(200);
    expect((await save('365')).statusCode).toBe(200);
  });

  it('refuses what is not 1 to 365 whole days with 400 and the reason, keeping the saved value', async () => {
    await save('10');
    for (const value of ['', '0', '366', '-3', '1.5', 'seven', '7 days', '1000', 7]) {
      const response = await save(value);
      expect(response.statusCode, String(value)).toBe(400);
      expect(response.json().error.fields).toHaveProperty('body.values.unpaid_order_expiry_days');
    }
    expect(await read()).toBe('10');
  });

  it('falls back to the default for a value stored by hand that is not one', () => {
    expect(unpaidOrderExpiryDays('30')).toBe(30);
    expect(unpaidOrderExpiryDays(' 2 ')).toBe(2);
    for (const value of ['0', '400', 'abc', '-1', '1.5', undefined]) expect(unpaidOrderExpiryDays(value)).toBe(7);
  });
});
