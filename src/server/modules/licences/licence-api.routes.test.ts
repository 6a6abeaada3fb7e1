import { createHmac, createPublicKey, verify } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TBL_OK, TBL_RECHECK_SECONDS } from '../../../../tests/support/licence-robot-client.js';
import {
  buyLicence,
  createLicensedRobot,
  createLicenceShop,
  network,
  robotClient,
  terminal,
  type LicensedRobot,
  type LicenceShop,
  type Network,
} from '../../../../tests/support/licences.js';
import { testDialects } from '../../../../tests/support/test-app.js';
import { licencePayloadSchema, type LicenceKeys } from '../../../shared/schemas/licences.js';
import { GRACE_SECONDS, LEASE_SECONDS } from './licence-api.service.js';
import { createLicencesService } from './licences.service.js';
import { LICENCE_ADDRESS_LIMIT, LICENCE_KEY_LIMIT } from './licences.routes.js';

const decode = (payload: string) =>
  JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;

describe.each(testDialects)('the licence API on %s, driven by the robot client', (dialect) => {
  let shop: LicenceShop;
  let robot: LicensedRobot;
  let addresses = 0;
  const nextNetwork = (): Network => network(`198.51.100.${++addresses}`);
  const licences = () => createLicencesService(shop.app.database.db, shop.config);

  /** A request as a seller's own client would send it, through the same proxy as the robot client. */
  const post = (net: Network, endpoint: string, body: Record<string, unknown>) =>
    fetch(`${shop.url}/api/licenses/${endpoint}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': net.address },
      body: JSON.stringify(body),
    });
  const requestBody = (key: string, overrides: Record<string, unknown> = {}) => ({
    license_key: key,
    robot_id: robot.id,
    account_login: '5001',
    account_server: 'Broker-Live',
    account_mode: 'real',
    platform: 'MT5',
    nonce: 'nonce-0123456789abcdef',
    ...overrides,
  });

  beforeAll(async () => {
    shop = await createLicenceShop(dialect);
    robot = await createLicensedRobot(shop, { licence_real_slots: 1, licence_demo_slots: 2 });
  });
  afterAll(() => shop?.close());

  it('activates a real and a demo account; a second real account gets no_free_slot; the same account again is idempotent', async () => {
    const { key, licence } = await buyLicence(shop, robot.id);
    const net = nextNetwork();

    const real = robotClient(shop, robot, key, terminal(net, { login: 5001 }));
    expect(await real.Check()).toBe(true);
    expect(real.State()).toBe('licensed');
    // A robot validates first; an account not bound yet is then activated.
    expect(net.answers.map((answer) => answer.status)).toEqual([403, 200]);
    expect(JSON.parse(net.answers[0]!.body)).toMatchObject({ error: { code: 'not_activated' } });

    const demo = robotClient(shop, robot, key, terminal(net, { login: 7001, server: 'Broker-Demo', real: false }));
    expect(await demo.Check()).toBe(true);
    expect(demo.State()).toBe('licensed');

    const secondReal = robotClient(shop, robot, key, terminal(net, { login: 5002 }));
    expect(await secondReal.Check()).toBe(false);
    expect(secondReal.State()).toBe('refused');
    expect(secondReal.LastError()).toBe('no_free_slot');
    expect(net.answers.at(-1)!.status).toBe(409);

    // Another chart of the first account: activating again is the same binding, not a new slot.
    const sameAccount = robotClient(shop, robot, key, terminal(net, { login: 5001 }));
    expect(await sameAccount.Request('activate')).toBe(TBL_OK);
    expect(await sameAccount.Request('activate')).toBe(TBL_OK);

    const bound = await shop.app.database.db
      .selectFrom('licence_activations')
      .select(['account_login', 'account_server', 'account_mode', 'slot', 'platform', 'ea_version'])
      .where('licence_id', '=', licence.id)
      .orderBy('account_login')
      .execute();
    expect(bound).toEqual([
      {
        account_login: '5001',
        account_server: 'Broker-Live',
        account_mode: 'real',
        slot: 1,
        platform: 'MT5',
        ea_version: '1.0.0',
      },
      {
        account_login: '7001',
        account_server: 'Broker-Demo',
        account_mode: 'demo',
        slot: 1,
        platform: 'MT5',
        ea_version: '1.0.0',
      },
    ]);
  });

  it('binds two accounts racing for the last slot to one of them only', async () => {
    const { key, licence } = await buyLicence(shop, robot.id);
    const net = nextNetwork();
    const answers = await Promise.all(
      [6001, 6002, 6003, 6004].map((login) => post(net, 'activate', requestBody(key, { account_login: login }))),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409]);
    const bound = await shop.app.database.db
      .selectFrom('licence_activations')
      .select('account_mode')
      .where('licence_id', '=', licence.id)
      .execute();
    expect(bound).toEqual([{ account_mode: 'real' }]);
  });

  it('answers {payload, signature, hmac}: the documented fields, signed by a listed key, with the HMAC of the EA secret', async () => {
    const { key, licence } = await buyLicence(shop, robot.id);
    const net = nextNetwork();
    const response = await post(net, 'activate', requestBody(key, { ea_version: '2.1.0' }));
    expect(response.status).toBe(200);
    // No session is made for a robot.
    expect(response.headers.get('set-cookie')).toBeNull();
    const answer = (await response.json()) as { payload: string; signature: string; hmac: string };
    expect(Object.keys(answer).sort()).toEqual(['hmac', 'payload', 'signature']);

    const payload = decode(answer.payload);
    expect(Object.keys(payload)).toEqual([
      'v',
      'kid',
      'license',
      'robot_id',
      'status',
      'account_login',
      'account_server',
      'account_mode',
      'expires_at',
      'lease_until',
      'grace_until',
      'nonce',
      'server_time',
      'latest_version',
    ]);
    expect(licencePayloadSchema.parse(payload)).toMatchObject({
      v: 1,
      license: licence.id,
      robot_id: robot.id,
      status: 'active',
      account_login: '5001',
      account_server: 'Broker-Live',
      account_mode: 'real',
      expires_at: null,
      nonce: 'nonce-0123456789abcdef',
      latest_version: null,
    });
    const serverTime = payload.server_time as number;
    expect(Math.abs(serverTime - Date.now() / 1000)).toBeLessThan(60);
    expect(payload.lease_until).toBe(serverTime + LEASE_SECONDS);
    expect(payload.grace_until).toBe(serverTime + LEASE_SECONDS + GRACE_SECONDS);

    expect(answer.hmac).toBe(createHmac('sha256', robot.eaSecret).update(answer.payload).digest('hex'));
    const keys = (await (await fetch(`${shop.url}/api/licenses/keys`)).json()) as LicenceKeys;
    const signer = keys.keys.find((listed) => listed.kid === payload.kid)!;
    expect(signer).toBeDefined();
    const publicKey = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: signer.public_key }, format: 'jwk' });
    expect(verify(null, Buffer.from(answer.payload), publicKey, Buffer.from(answer.signature, 'base64url'))).toBe(true);
    expect(
      verify(null, Buffer.from(answer.payload), signer.public_key_pem, Buffer.from(answer.signature, 'base64url')),
    ).toBe(true);
    const forged = Buffer.from(JSON.stringify({ ...payload, account_login: '9999' })).toString('base64url');
    expect(verify(null, Buffer.from(forged), publicKey, Buffer.from(answer.signature, 'base64url'))).toBe(false);
  });

  it('refuses a tampered payload, an answer for another account and a replayed answer, keeping the last good one', async () => {
    const { key } = await buyLicence(shop, robot.id);
    const net = nextNetwork();

    // A payload changed on the way (a longer lease, say) no longer matches its HMAC.
    net.rewriteAnswer = (answer) => {
      if (answer.status !== 200) return answer;
      const body = JSON.parse(answer.body) as { payload: string };
      const payload = decode(body.payload);
      return {
        ...answer,
        body: JSON.stringify({
          ...body,
          payload: Buffer.from(JSON.stringify({ ...payload, lease_until: 4_000_000_000 })).toString('base64url'),
        }),
      };
    };
    const tampered = robotClient(shop, robot, key, terminal(net, { login: 5001 }));
    expect(await tampered.Check()).toBe(false);
    expect(tampered.LastError()).toBe('bad_hmac');
    expect(tampered.State()).toBe('none');

    // An unlicensed account borrowing the licensed account's number on the way to the shop.
    net.rewriteAnswer = undefined;
    expect(await robotClient(shop, robot, key, terminal(net, { login: 5001 })).Check()).toBe(true);
    net.rewriteRequest = (body) => body.replace('"account_login":"5003"', '"account_login":"5001"');
    const borrower = robotClient(shop, robot, key, terminal(net, { login: 5003 }));
    expect(await borrower.Check()).toBe(false);
    expect(borrower.LastError()).toBe('other_account');
    net.rewriteRequest = (body) => body.replace('"account_mode":"demo"', '"account_mode":"real"');
    const demoAsReal = robotClient(shop, robot, key, terminal(net, { login: 5001, real: false }));
    expect(await demoAsReal.Check()).toBe(false);
    expect(demoAsReal.LastError()).toBe('other_mode');
    net.rewriteRequest = undefined;

    // An earlier good answer replayed: its nonce is not the one this request sent.
    const on = terminal(net, { login: 5001 });
    const replayed = robotClient(shop, robot, key, on);
    expect(await replayed.Check()).toBe(true);
    const recorded = net.answers.at(-1)!;
    net.rewriteAnswer = () => recorded;
    expect(await replayed.Request('validate')).not.toBe(TBL_OK);
    expect(replayed.LastError()).toBe('wrong_nonce');
    // The good answer it had still holds.
    on.clock.now += TBL_RECHECK_SECONDS;
    expect(await replayed.Check()).toBe(true);
    expect(replayed.State()).toBe('licensed');
  });

  it('runs through its lease, then on its saved answer through the grace while the shop is unreachable, and stops after', async () => {
    const { key } = await buyLicence(shop, robot.id);
    const net = nextNetwork();
    const on = terminal(net, { login: 5001 });
    const start = on.clock.now;
    const client = robotClient(shop, robot, key, on);
    expect(await client.Check()).toBe(true);
    const saved = readdirSync(on.filesFolder);
    expect(saved).toEqual([`TradeBotLicense-${robot.id}-5001.txt`]);

    net.down = true;
    on.clock.now = start + LEASE_SECONDS - 60;
    expect(await client.Check()).toBe(true);
    expect(client.State()).toBe('licensed');
    expect(client.LastError()).toBe('webrequest_5203');

    on.clock.now = start + LEASE_SECONDS + 60;
    expect(await client.Check()).toBe(true);
    expect(client.State()).toBe('grace');

    // The terminal restarts: the saved answer carries the robot through the rest of the grace.
    const restarted = robotClient(shop, robot, key, on);
    expect(await restarted.Check()).toBe(true);
    expect(restarted.State()).toBe('grace');

    on.clock.now = start + LEASE_SECONDS + GRACE_SECONDS + 60;
    expect(await restarted.Check()).toBe(false);
    expect(restarted.State()).toBe('lapsed');

    // A clock set back before the answer arrived does not bring the lease back.
    on.clock.now = start - 86_400;
    const setBack = robotClient(shop, robot, key, on);
    expect(await setBack.Check()).toBe(false);
    expect(setBack.State()).toBe('clock_back');

    // A saved answer edited by hand counts for nothing.
    on.clock.now = start + 60;
    const file = path.join(on.filesFolder, saved[0]!);
    const [payload, ...rest] = readFileSync(file, 'latin1').split('\n');
    const longer = Buffer.from(JSON.stringify({ ...decode(payload!), grace_until: 4_000_000_000 })).toString(
      'base64url',
    );
    writeFileSync(file, [longer, ...rest].join('\n'), 'latin1');
    const edited = robotClient(shop, robot, key, on);
    expect(await edited.Check()).toBe(false);
    expect(edited.State()).toBe('none');

    // Back online, the next check brings a fresh lease.
    net.down = false;
    on.clock.now = Math.floor(Date.now() / 1000);
    const online = robotClient(shop, robot, key, on);
    expect(await online.Check()).toBe(true);
    expect(online.State()).toBe('licensed');
  });

  it('tells the owner how to allow the address when the terminal refuses the WebRequest (4014, 4060)', async () => {
    const { key } = await buyLicence(shop, robot.id);
    for (const error of [4014, 4060]) {
      const net = nextNetwork();
      const on = terminal(net, { login: 5001, platform: error === 4060 ? 'MT4' : 'MT5' });
      on.webRequest = async () => ({ status: -1, body: '', error });
      const client = robotClient(shop, robot, key, on);
      expect(await client.Check()).toBe(false);
      expect(client.LastError()).toBe(`webrequest_${error}`);
      expect(client.printed.join('\n')).toContain(
        `allow ${shop.url}/api/licenses in Tools > Options > Expert Advisors`,
      );
    }
  });

  it('refuses a revoked licence and a refunded one at the next check, and forgets the saved answer', async () => {
    for (const [reason, code] of [
      ['cancelled', 'revoked'],
      ['refunded', 'refunded'],
    ] as const) {
      const { key, orderId } = await buyLicence(shop, robot.id);
      const net = nextNetwork();
      const on = terminal(net, { login: 5001 });
      const client = robotClient(shop, robot, key, on);
      expect(await client.Check()).toBe(true);
      expect(await licences().revokeForOrder(orderId, reason)).toBe(true);
      expect(await licences().revokeForOrder(orderId, reason)).toBe(false);

      // Within the lease, the robot asks only when its next check is due.
      expect(await client.Check()).toBe(true);
      on.clock.now += TBL_RECHECK_SECONDS;
      expect(await client.Check()).toBe(false);
      expect(client.State()).toBe('refused');
      expect(client.LastError()).toBe(code);
      expect(net.answers.at(-1)!.status).toBe(403);
      expect(readdirSync(on.filesFolder)).toEqual([]);
    }
  });

  it('refuses an expired licence, and ends lease and grace with the licence', async () => {
    const limited = await createLicensedRobot(shop, { licence_duration_days: 30 });
    const { key, licence } = await buyLicence(shop, limited.id);
    const expiresAt = Date.parse(licence.expires_at!);
    expect(Math.abs(expiresAt - (Date.now() + 30 * 86_400_000))).toBeLessThan(60_000);
    const net = nextNetwork();
    const on = terminal(net, { login: 5001 });
    const client = robotClient(shop, limited, key, on);
    expect(await client.Check()).toBe(true);
    expect(client.ExpiresAt()).toBe(Math.floor(expiresAt / 1000));

    // An hour left: neither the lease nor the grace runs past it.
    const soon = new Date(Date.now() + 3_600_000).toISOString();
    await shop.app.database.db.updateTable('licences').set({ expires_at: soon }).where('id', '=', licence.id).execute();
    const nearEnd = await post(net, 'validate', { ...requestBody(key), robot_id: limited.id });
    const payload = decode(((await nearEnd.json()) as { payload: string }).payload);
    expect(payload.lease_until).toBe(Math.floor(Date.parse(soon) / 1000));
    expect(payload.grace_until).toBe(payload.lease_until);

    const past = new Date(Date.now() - 1000).toISOString();
    await shop.app.database.db.updateTable('licences').set({ expires_at: past }).where('id', '=', licence.id).execute();
    on.clock.now += TBL_RECHECK_SECONDS;
    expect(await client.Check()).toBe(false);
    expect(client.LastError()).toBe('expired');
  });

  it('answers unknown_key for a wrong key and a malformed one, wrong_robot for another robot, and reads keys as people type them', async () => {
    const { key } = await buyLicence(shop, robot.id);
    const net = nextNetwork();
    const guessed = robotClient(shop, robot, 'TB-ABCDE-FGHJK-MNPQR-STVWX-YZ012', terminal(net, { login: 5001 }));
    expect(await guessed.Check()).toBe(false);
    expect(guessed.LastError()).toBe('unknown_key');
    expect(net.answers.at(-1)!.status).toBe(404);
    const malformed = robotClient(shop, robot, 'hello', terminal(net, { login: 5001 }));
    expect(await malformed.Check()).toBe(false);
    expect(malformed.LastError()).toBe('unknown_key');

    const other = await createLicensedRobot(shop);
    const wrongRobot = robotClient(shop, other, key, terminal(net, { login: 5001 }));
    expect(await wrongRobot.Check()).toBe(false);
    expect(wrongRobot.LastError()).toBe('wrong_robot');

    // Lower case, no dashes, no prefix, and O for 0 or L for 1: still the key.
    const typed = key.slice(3).replaceAll('-', ' ').toLowerCase().replaceAll('0', 'o').replaceAll('1', 'l');
    const careless = robotClient(shop, robot, typed, terminal(net, { login: 5001 }));
    expect(await careless.Check()).toBe(true);
  });

  it('refuses bad requests with 400 and the field at fault, and cross-site browser requests with 403', async () => {
    const { key } = await buyLicence(shop, robot.id);
    const net = nextNetwork();
    const cases: [Record<string, unknown>, string][] = [
      [{ account_mode: 'live' }, 'body.account_mode'],
      [{ platform: 'MT6' }, 'body.platform'],
      [{ nonce: 'short' }, 'body.nonce'],
      [{ account_login: 'abc' }, 'body.account_login'],
      [{ account_server: 'Broker "Live"' }, 'body.account_server'],
      [{ robot_id: undefined }, 'body.robot_id'],
    ];
    for (const [overrides, field] of cases) {
      const response = await post(net, 'activate', requestBody(key, overrides));
      expect(response.status, field).toBe(400);
      const body = (await response.json()) as { error: { code: string; fields: Record<string, string> } };
      expect(body.error.code).toBe('validation_failed');
      expect(Object.keys(body.error.fields)).toContain(field);
    }
    // A number is a login too.
    expect((await post(net, 'activate', requestBody(key, { account_login: 5001 }))).status).toBe(200);

    const crossSite = await fetch(`${shop.url}/api/licenses/validate`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: 'https://elsewhere.example',
        'x-forwarded-for': net.address,
      },
      body: JSON.stringify(requestBody(key)),
    });
    expect(crossSite.status).toBe(403);
  });

  it('records every check with its time, address, account and result', async () => {
    const { key, licence } = await buyLicence(shop, robot.id);
    const net = nextNetwork();
    const before = new Date(Date.now() - 1000).toISOString();
    expect(await robotClient(shop, robot, key, terminal(net, { login: 5001 })).Check()).toBe(true);
    await robotClient(shop, robot, key, terminal(net, { login: 5002 })).Check();
    const checks = await shop.app.database.db
      .selectFrom('licence_checks')
      .selectAll()
      .where('licence_id', '=', licence.id)
      .orderBy('id')
      .execute();
    expect(
      checks.map(({ endpoint, ip_address, account_login, account_server, account_mode, platform, result }) => ({
        endpoint,
        ip_address,
        account_login,
        account_server,
        account_mode,
        platform,
        result,
      })),
    ).toEqual(
      [
        ['validate', '5001', 'not_activated'],
        ['activate', '5001', 'ok'],
        ['validate', '5002', 'not_activated'],
        ['activate', '5002', 'no_free_slot'],
      ].map(([endpoint, account_login, result]) => ({
        endpoint,
        ip_address: net.address,
        account_login,
        account_server: 'Broker-Live',
        account_mode: 'real',
        platform: 'MT5',
        result,
      })),
    );
    expect(checks.every((check) => check.checked_at >= before)).toBe(true);

    // A key that finds no licence is recorded too, without one.
    await robotClient(shop, robot, 'TB-00000-00000-00000-00000-00000', terminal(net, { login: 5001 })).Check();
    const unknown = await shop.app.database.db
      .selectFrom('licence_checks')
      .select(['licence_id', 'result'])
      .where('ip_address', '=', net.address)
      .where('result', '=', 'unknown_key')
      .execute();
    expect(unknown).toEqual([{ licence_id: null, result: 'unknown_key' }]);
  });

  it('limits checks per key whatever the address, and requests per address whatever the key', async () => {
    const { key } = await buyLicence(shop, robot.id);
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= LICENCE_KEY_LIMIT.max; attempt++) {
      // A new address each time: only the key's own budget can stop it.
      statuses.push((await post(nextNetwork(), 'validate', requestBody(key))).status);
    }
    expect(statuses.slice(0, LICENCE_KEY_LIMIT.max).every((status) => status !== 429)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const net = nextNetwork();
    const limited = robotClient(shop, robot, key, terminal(net, { login: 5001 }));
    expect(await limited.Check()).toBe(false);
    expect(limited.LastError()).toBe('rate_limited');
    expect(net.answers.at(-1)!.status).toBe(429);

    const crowded = nextNetwork();
    const answers: number[] = [];
    for (let attempt = 0; attempt <= LICENCE_ADDRESS_LIMIT.max; attempt++) {
      answers.push(
        (await fetch(`${shop.url}/api/licenses/keys`, { headers: { 'x-forwarded-for': crowded.address } })).status,
      );
    }
    expect(answers.slice(0, LICENCE_ADDRESS_LIMIT.max)).toEqual(Array(LICENCE_ADDRESS_LIMIT.max).fill(200));
    expect(answers.at(-1)).toBe(429);
  });

  it('does nothing in the Strategy Tester: backtests are free', async () => {
    const net = nextNetwork();
    const client = robotClient(shop, robot, '', terminal(net, { login: 5001, tester: true }));
    expect(await client.Check()).toBe(true);
    expect(client.State()).toBe('tester');
    expect(net.answers).toEqual([]);
  });

  // Last: it changes the key that signs the answers of the tests above.
  it('lists the public keys by kid; a rotation signs with a new key and keeps the old one listed', async () => {
    const { key } = await buyLicence(shop, robot.id);
    const net = nextNetwork();
    const before = (await (await fetch(`${shop.url}/api/licenses/keys`)).json()) as LicenceKeys;
    expect(before.keys).toHaveLength(1);
    expect(before.keys[0]).toMatchObject({ kid: before.current_kid, alg: 'Ed25519' });
    expect(Buffer.from(before.keys[0]!.public_key, 'base64url')).toHaveLength(32);
    const oldAnswer = (await (await post(net, 'activate', requestBody(key))).json()) as {
      payload: string;
      signature: string;
    };

    const rotated = await shop.admin('POST', '/api/admin/licences/signing-keys/rotate');
    expect(rotated.statusCode).toBe(200);
    const after = (await (await fetch(`${shop.url}/api/licenses/keys`)).json()) as LicenceKeys;
    expect(after.keys.map((listed) => listed.kid)).toEqual([after.current_kid, before.current_kid]);
    expect(after.current_kid).not.toBe(before.current_kid);

    const newAnswer = (await (await post(net, 'validate', requestBody(key))).json()) as {
      payload: string;
      signature: string;
    };
    expect(decode(newAnswer.payload).kid).toBe(after.current_kid);
    for (const answer of [oldAnswer, newAnswer]) {
      const signer = after.keys.find((listed) => listed.kid === decode(answer.payload).kid)!;
      expect(
        verify(null, Buffer.from(answer.payload), signer.public_key_pem, Buffer.from(answer.signature, 'base64url')),
      ).toBe(true);
    }
    // Robots verify the HMAC, which no rotation of the signing key changes.
    const client = robotClient(shop, robot, key, terminal(net, { login: 5001 }));
    expect(await client.Check()).toBe(true);
  });
});
