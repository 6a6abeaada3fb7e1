import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../../../tests/support/test-app.js';
import type { Robot } from '../../../shared/schemas/catalogue.js';
import { AUTOMATION_LIMIT, signBody } from '../../integrations/automation-auth.js';
import { createSettingsService } from '../settings/settings.service.js';

const SECRET = 'stats-workflow-secret-long-enough-to-use';

describe.each(testDialects)('stats push hook on %s', (dialect) => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await createTestApp(dialect, { STATS_REFRESH_SECONDS: '0' });
  });
  afterAll(() => shop.close());

  // Through the settings service, as the Settings page saves it: the app's settings cache hears of it.
  const setSecret = (value: string) =>
    createSettingsService(shop.app.database.db, shop.app.database.dialect).save({ n8n_secret_token: value });

  const push = (payload: unknown, headers: Record<string, string> = { 'x-secret-token': SECRET }, query = '') =>
    shop.app.inject({
      method: 'POST',
      url: `/api/hooks/stats${query}`,
      headers: { 'content-type': 'application/json', ...headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  const storedRecord = (robotName: string) =>
    shop.app.database.db.selectFrom('robot_stats').selectAll().where('robot_name', '=', robotName).executeTakeFirst();

  it('refuses every push while no secret is configured, saying so', async () => {
    const response = await push({ robot_name: 'Alpha', winrate: 60 }, { 'x-secret-token': '' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toMatch(/automation secret is not configured/);
    expect(await storedRecord('Alpha')).toBeUndefined();
  });

  it('refuses a secret too short to resist guessing, even one stored before the rule existed', async () => {
    await setSecret('short-secret');
    const response = await push({ robot_name: 'Alpha', winrate: 60 }, { 'x-secret-token': 'short-secret' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toMatch(/at least 32 characters/);
    await setSecret('');
  });

  describe('with a secret configured', () => {
    beforeAll(() => setSecret(SECRET));

    it('refuses a push without the secret or a signature, before looking at the body', async () => {
      const unsigned = await push({ robot_name: 'Alpha', winrate: 60 }, {});
      expect(unsigned.statusCode).toBe(401);
      expect(unsigned.json().error.code).toBe('unauthorized');
      expect((await push({ no: 'robot name' }, {})).statusCode).toBe(401);
      expect(await storedRecord('Alpha')).toBeUndefined();
    });

    it('checks the secret before the body: broken JSON without the secret is a 401, with it a 400', async () => {
      for (const broken of [
        '{not json',
        `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`,
        '{"robot_name":"a\\u0000b"}',
      ]) {
        const anonymous = await push(broken, {});
        expect(anonymous.statusCode).toBe(401);
        expect(anonymous.json().error.code).toBe('unauthorized');
        expect((await push(broken, { 'x-secret-token': 'not-the-secret' })).statusCode).toBe(401);
        expect((await push(broken)).statusCode).toBe(400);
      }
    });

    it('refuses a wrong token', async () => {
      expect(
        (await push({ robot_name: 'Alpha', winrate: 60 }, { 'x-secret-token': 'not-the-secret' })).statusCode,
      ).toBe(401);
      expect(await storedRecord('Alpha')).toBeUndefined();
    });

    it('accepts the right token and stores the record', async () => {
      const response = await push({ robot_name: 'Alpha', winrate: 60, balance: 1000 });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ accepted: 1 });
      expect(await storedRecord('Alpha')).toMatchObject({ winrate: 60, balance: 1000 });
    });

    it('accepts a valid HMAC signature of the raw body and refuses a wrong one', async () => {
      const body = JSON.stringify([{ robot_name: 'Signed', winrate: 55 }]);
      const signed = await push(body, { 'x-signature': signBody(SECRET, body) });
      expect(signed.statusCode).toBe(200);
      expect(signed.json()).toEqual({ accepted: 1 });

      // The signature covers the bytes sent: the same JSON spaced differently is another body.
      const respaced = JSON.stringify([{ robot_name: 'Signed', winrate: 99 }], null, 2);
      expect((await push(respaced, { 'x-signature': signBody(SECRET, body) })).statusCode).toBe(401);
      expect((await push(body, { 'x-signature': signBody('another-secret', body) })).statusCode).toBe(401);
      expect(await storedRecord('Signed')).toMatchObject({ winrate: 55 });
    });

    it('answers 400 naming the field for a record of the wrong shape', async () => {
      const noName = await push({ winrate: 60 });
      expect(noName.statusCode).toBe(400);
      expect(noName.json().error.fields).toEqual({ 'body.robot_name': 'is required' });

      const badValue = await push([{ robot_name: 'Alpha' }, { robot_name: 'Beta', winrate: true }]);
      expect(badValue.statusCode).toBe(400);
      expect(badValue.json().error.fields).toHaveProperty(
        ['body.1.winrate'],
        'must be a number, a numeric string or null',
      );

      const tooMany = await push(Array.from({ length: 501 }, (_, index) => ({ robot_name: `Robot ${index}` })));
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().error.fields).toHaveProperty('body');

      expect((await push('"just a string"')).statusCode).toBe(400);
      expect((await push('{not json')).statusCode).toBe(400);
      expect(await storedRecord('Beta')).toBeUndefined();
    });

    it('stores figures sent as strings as numbers, non-numeric ones as 0', async () => {
      const response = await push({
        robot_name: 'Strings',
        winrate: '62.5',
        balance: ' 12,450.37 ',
        weekly: 'abc',
        profit_factor: '1.8',
        monthly: '',
        profit: '-42.10',
        daily: null,
      });
      expect(response.statusCode).toBe(200);
      expect(await storedRecord('Strings')).toMatchObject({
        winrate: 62.5,
        balance: 12450.37,
        weekly: 0,
        profit_factor: 1.8,
        monthly: 0,
        profit: -42.1,
        daily: null,
      });
    });

    it('leaves figures a later push leaves out as they were', async () => {
      await push({ robot_name: 'Partial', winrate: 51, balance: 900 });
      await push({ robot_name: 'Partial', balance: 950 });
      expect(await storedRecord('Partial')).toMatchObject({ winrate: 51, balance: 950 });
    });

    it('is idempotent: the same push twice leaves the same records', async () => {
      const payload = [
        { robot_name: 'Twice A', winrate: 70, profit: 12 },
        { robot_name: 'Twice B', winrate: '48.2', balance: 3100 },
      ];
      const figures = async () =>
        shop.app.database.db
          .selectFrom('robot_stats')
          .select(['robot_name', 'winrate', 'balance', 'weekly', 'profit_factor', 'monthly', 'profit', 'daily'])
          .where('robot_name', 'in', ['Twice A', 'Twice B'])
          .orderBy('robot_name')
          .execute();
      expect((await push(payload)).json()).toEqual({ accepted: 2 });
      const first = await figures();
      expect((await push(payload)).json()).toEqual({ accepted: 2 });
      expect(await figures()).toEqual(first);
      expect(first).toHaveLength(2);
    });

    it('applies the pushed record to the robot at once when asked with ?refresh=1', async () => {
      const robot = await shop.app.database.db
        .selectFrom('robots')
        .select(['id', 'name', 'last_stats_update'])
        .where('status', '=', 'active')
        .executeTakeFirstOrThrow();
      const response = await push(
        { robot_name: robot.name, winrate: '77.7', balance: 54321, profit: -3.5 },
        undefined,
        '?refresh=1',
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ accepted: 1, refresh: 'started' });
      await shop.app.statsRefresher.idle();

      const after = (await shop.app.inject({ url: '/api/robots' }))
        .json<Robot[]>()
        .find((item) => item.id === robot.id)!;
      expect(after).toMatchObject({ winrate: 77.7, balance: 54321, floating: -3.5 });
      expect(after.last_stats_update! > robot.last_stats_update!).toBe(true);

      // A second request within the minimum interval does not start another refresh.
      expect((await push({ robot_name: robot.name, winrate: 10 }, undefined, '?refresh=1')).json()).toEqual({
        accepted: 1,
        refresh: 'recent',
      });
    });
  });

  it('limits the requests of each client address, valid or not, before checking the secret', async () => {
    let status = 0;
    for (let request = 0; request <= AUTOMATION_LIMIT.max && status !== 429; request++) {
      status = (await push({ robot_name: 'Flood', winrate: 1 }, { 'x-secret-token': 'guess' })).statusCode;
    }
    expect(status).toBe(429);
    const withSecret = await push({ robot_name: 'Flood', winrate: 1 });
    expect(withSecret.statusCode).toBe(429);
    expect(withSecret.json().error.code).toBe('rate_limited');
  });
});

describe.each(testDialects)('stats push hook during a rotation of the automation secret on %s', (dialect) => {
  it('accepts the new secret and AUTOMATION_PREVIOUS_SECRET, nothing else', async () => {
    const shop = await createTestApp(dialect, {
      STATS_REFRESH_SECONDS: '0',
      AUTOMATION_PREVIOUS_SECRET: 'the-old-secret',
    });
    try {
      await createSettingsService(shop.app.database.db, shop.app.database.dialect).save({ n8n_secret_token: SECRET });
      const push = (token: string) =>
        shop.app.inject({
          method: 'POST',
          url: '/api/hooks/stats',
          headers: { 'content-type': 'application/json', 'x-secret-token': token },
          payload: { robot_name: 'Alpha', winrate: 61 },
        });
      expect((await push(SECRET)).statusCode).toBe(200);
      expect((await push('the-old-secret')).statusCode).toBe(200);
      expect((await push('another-secret')).statusCode).toBe(401);
    } finally {
      await shop.close();
    }
  });
});
