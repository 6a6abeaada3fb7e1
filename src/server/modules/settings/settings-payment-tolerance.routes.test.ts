import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAME_ORIGIN, signIn } from '../../../../tests/support/sessions.js';
import { createTestApp, TEST_ADMIN, testDialects, type TestApp } from '../../../../tests/support/test-app.js';
import { paymentToleranceUsd } from '../../../shared/settings-keys.js';

/** Decision 0014: the payment tolerance in USD, edited on the Settings page like the others. */
describe.each(testDialects)('the payment tolerance setting on %s', (dialect) => {
  let shop: TestApp;
  let admin: string;
  beforeAll(async () => {
    shop = await createTestApp(dialect);
    admin = await signIn(shop.app, TEST_ADMIN.email, TEST_ADMIN.password);
  });
  afterAll(() => shop.close());

  const read = async () =>
    (await shop.app.inject({ url: '/api/admin/settings', headers: { cookie: admin } })).json().payment_tolerance_usd;
  const save = (value: unknown) =>
    shop.app.inject({
      method: 'PATCH',
      url: '/api/admin/settings',
      headers: { ...SAME_ORIGIN, cookie: admin },
      payload: { values: { payment_tolerance_usd: value } },
    });

  it('is 1.00 USD by default, saved as dollars and cents, and in the activity log', async () => {
    expect(await read()).toBe('1.00');
    const saved = await save(' 2.5 ');
    expect(saved.statusCode).toBe(200);
    expect(saved.json().payment_tolerance_usd).toBe('2.5');
    expect(await read()).toBe('2.5');
    const activity = (
      await shop.app.inject({ url: '/api/admin/audit?resource=settings', headers: { cookie: admin } })
    ).json();
    expect(activity.rows[0].changes).toMatchObject({ payment_tolerance_usd: { from: '1.00', to: '2.5' } });
    expect((await save('0')).statusCode).toBe(200);
  });

  it('refuses what is not an amount in USD with 400, keeping the saved value', async () => {
    await save('3.00');
    for (const value of ['', '-1', 'one', '1.234', '1,5', '1001', '99999', 1]) {
      const response = await save(value);
      expect(response.statusCode, String(value)).toBe(400);
      expect(response.json().error.fields).toHaveProperty('body.values.payment_tolerance_usd');
    }
    expect(await read()).toBe('3.00');
  });

  it('falls back to the default for a value stored by hand that is not an amount', () => {
    expect(paymentToleranceUsd('2.50')).toBe(2.5);
    expect(paymentToleranceUsd('0')).toBe(0);
    expect(paymentToleranceUsd('abc')).toBe(1);
    expect(paymentToleranceUsd('-5')).toBe(1);
    expect(paymentToleranceUsd(undefined)).toBe(1);
  });
});
