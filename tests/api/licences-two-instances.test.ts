import { randomBytes, verify } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { parseConfig } from '../../src/server/config.js';
import type { LicenceKeys } from '../../src/shared/schemas/licences.js';
import { buyLicence, createLicensedRobot, createLicenceShop, type LicenceShop } from '../support/licences.js';
import { freePort, startTs, waitForHealth } from '../support/processes.js';
import { createSecondInstance, testDialects, type TestApp } from '../support/test-app.js';

describe('the licence signing key across restarts (SQLite)', () => {
  it('is the same after a restart, and a changed AUTH_SECRET stops the start unless LICENCE_SECRET keeps the old one', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tradebot-licence-secret-'));
    const first = randomBytes(32).toString('hex');
    const second = randomBytes(32).toString('hex');
    const env = { DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'silent' };
    const kidWith = async (variables: Record<string, string>) => {
      const app = await buildApp(parseConfig({ ...env, ...variables }), { logger: false });
      try {
        return (await app.inject({ url: '/api/licenses/keys' })).json<LicenceKeys>().current_kid;
      } finally {
        await app.close();
      }
    };
    try {
      const kid = await kidWith({ AUTH_SECRET: first });
      expect(await kidWith({ AUTH_SECRET: first })).toBe(kid);
      // The auth secret changes; the licence secret keeps the one the keys were sealed with.
      expect(await kidWith({ AUTH_SECRET: second, LICENCE_SECRET: first })).toBe(kid);

      const port = await freePort();
      const refused = startTs('src/server/main.ts', {
        ...env,
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        PORT: String(port),
        AUTH_SECRET: second,
      });
      expect(await refused.exited).toBe(1);
      expect(refused.stderr()).toMatch(
        /^tradebot-store: Invalid AUTH_SECRET: the licence keys in the database were sealed with another secret; set LICENCE_SECRET/m,
      );
      const kept = startTs('src/server/main.ts', {
        ...env,
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        PORT: String(port),
        AUTH_SECRET: second,
        LICENCE_SECRET: first,
      });
      try {
        await waitForHealth(port, kept);
      } finally {
        kept.child.kill('SIGTERM');
        await kept.exited;
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

// Several instances share one PostgreSQL database; SQLite allows one process per DATA_DIR.
describe.each(testDialects.filter((dialect) => dialect === 'postgres'))(
  'licence signing on two app instances on %s',
  () => {
    let a: LicenceShop;
    let others: TestApp[] = [];
    beforeAll(async () => {
      a = await createLicenceShop('postgres');
    });
    afterAll(async () => {
      for (const other of others) await other.close();
      await a?.close();
    });

    const keysOf = async (instance: TestApp) =>
      (await instance.app.inject({ url: '/api/licenses/keys' })).json<LicenceKeys>();

    it('creates one signing key when instances start together on a database that has none, and all sign with it', async () => {
      // A database as the first start finds it: no key yet. Two instances start at the same moment.
      await a.app.database.db.deleteFrom('licence_signing_keys').execute();
      others = await Promise.all([createSecondInstance(a), createSecondInstance(a)]);
      const [b, c] = others as [TestApp, TestApp];
      const stored = await a.app.database.db.selectFrom('licence_signing_keys').select('kid').execute();
      expect(stored).toHaveLength(1);
      for (const instance of [a, b, c]) expect((await keysOf(instance)).current_kid).toBe(stored[0]!.kid);

      // An answer signed by one instance verifies with the keys another lists.
      const robot = await createLicensedRobot(a);
      const { key } = await buyLicence(a, robot.id);
      const answer = await b.app.inject({
        method: 'POST',
        url: '/api/licenses/activate',
        payload: {
          license_key: key,
          robot_id: robot.id,
          account_login: '5001',
          account_server: 'Broker-Live',
          account_mode: 'real',
          platform: 'python',
          nonce: 'two-instances-nonce-1',
        },
      });
      expect(answer.statusCode).toBe(200);
      const { payload, signature } = answer.json<{ payload: string; signature: string }>();
      const kid = (JSON.parse(Buffer.from(payload, 'base64url').toString()) as { kid: string }).kid;
      const listed = (await keysOf(c)).keys.find((entry) => entry.kid === kid)!;
      expect(verify(null, Buffer.from(payload), listed.public_key_pem, Buffer.from(signature, 'base64url'))).toBe(true);
    });

    it('lists a key rotated through one instance on every instance, next to the old one', async () => {
      const [b] = others as [TestApp];
      const before = await keysOf(b);
      expect((await a.admin('POST', '/api/admin/licences/signing-keys/rotate')).statusCode).toBe(200);
      const after = await keysOf(b);
      expect(after.keys.map((entry) => entry.kid)).toEqual([after.current_kid, before.current_kid]);
    });
  },
);
