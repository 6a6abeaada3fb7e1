import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buyLicence,
  createLicensedRobot,
  createLicenceShop,
  type LicenceShop,
} from '../../../../tests/support/licences.js';
import { testDialects } from '../../../../tests/support/test-app.js';
import { LicenceCheckLog } from './licence-check-log.js';
import { LicencesRepository, type CheckRecord, type Sighting } from './licences.repository.js';

describe.each(testDialects)('the licence check log on %s', (dialect) => {
  let shop: LicenceShop;
  let repository: LicencesRepository;
  let licenceId: string;
  let activationId: string;
  let addresses = 0;

  /** A check from an address of its own, so each test finds exactly its rows. */
  const check = (address: string, licence: string | null = licenceId): CheckRecord['check'] => ({
    licence_id: licence,
    checked_at: new Date().toISOString(),
    endpoint: 'validate',
    ip_address: address,
    account_login: '5001',
    account_server: 'Broker-Live',
    account_mode: 'real',
    platform: 'MT5',
    ea_version: '1.0.0',
    result: 'ok',
  });
  const nextAddress = () => `203.0.113.${++addresses}`;
  const rowsFrom = (address: string) =>
    shop.app.database.db.selectFrom('licence_checks').selectAll().where('ip_address', '=', address).execute();

  /** The repository, with the sizes of the transactions it was given. */
  const watched = () => {
    const batches: number[] = [];
    return {
      batches,
      repository: {
        recordChecks: async (records: CheckRecord[]) => {
          batches.push(records.length);
          await repository.recordChecks(records);
        },
      },
    };
  };

  beforeAll(async () => {
    shop = await createLicenceShop(dialect);
    repository = new LicencesRepository(shop.app.database.db);
    const robot = await createLicensedRobot(shop);
    const { key, licence } = await buyLicence(shop, robot.id);
    licenceId = licence.id;
    const activated = await fetch(`${shop.url}/api/licenses/activate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() },
      body: JSON.stringify({
        license_key: key,
        robot_id: robot.id,
        account_login: '5001',
        account_server: 'Broker-Live',
        account_mode: 'real',
        platform: 'MT5',
        nonce: 'nonce-0123456789abcdef',
      }),
    });
    expect(activated.status).toBe(200);
    const [activation] = await shop.app.database.db
      .selectFrom('licence_activations')
      .select('id')
      .where('licence_id', '=', licenceId)
      .execute();
    activationId = activation!.id;
  });
  afterAll(() => shop?.close());

  it('writes the checks of one turn of the event loop in one transaction, each settling once committed', async () => {
    const { batches, repository: watchedRepository } = watched();
    const log = new LicenceCheckLog(watchedRepository);
    const address = nextAddress();
    // Whoever's answer leaves first already finds every row of its batch stored.
    const seenAtSettling = await Promise.all(
      Array.from({ length: 5 }, () =>
        log.write({ check: check(address), sighting: null }).then(() => rowsFrom(address)),
      ),
    );
    expect(batches).toEqual([5]);
    expect(seenAtSettling.map((rows) => rows.length)).toEqual([5, 5, 5, 5, 5]);

    // A later turn is a transaction of its own.
    await log.write({ check: check(address), sighting: null });
    expect(batches).toEqual([5, 1]);
    expect(await rowsFrom(address)).toHaveLength(6);
  });

  it("keeps an account's latest sight when one transaction sees it twice", async () => {
    const log = new LicenceCheckLog(repository);
    const sighting = (at: string, platform: string, eaVersion: string): Sighting => ({
      activationId,
      at,
      platform,
      eaVersion,
    });
    const address = nextAddress();
    await Promise.all([
      log.write({ check: check(address), sighting: sighting('2030-01-01T10:00:00.000Z', 'MT4', '1.0.0') }),
      log.write({ check: check(address), sighting: sighting('2030-01-01T10:00:01.000Z', 'MT5', '2.0.0') }),
    ]);
    const activation = await shop.app.database.db
      .selectFrom('licence_activations')
      .select(['last_seen_at', 'platform', 'ea_version'])
      .where('id', '=', activationId)
      .executeTakeFirstOrThrow();
    expect(activation).toEqual({ last_seen_at: '2030-01-01T10:00:01.000Z', platform: 'MT5', ea_version: '2.0.0' });
  });

  it('fails only the check that cannot be stored, and stores the others of its turn', async () => {
    const { batches, repository: watchedRepository } = watched();
    const log = new LicenceCheckLog(watchedRepository);
    const address = nextAddress();
    const outcomes = await Promise.allSettled([
      log.write({ check: check(address), sighting: null }),
      // A licence deleted between its lookup and its record breaks the foreign key.
      log.write({ check: check(address, 'no-such-licence'), sighting: null }),
      log.write({ check: check(address, null), sighting: null }),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    // The shared transaction, then each check alone.
    expect(batches).toEqual([3, 1, 1, 1]);
    expect((await rowsFrom(address)).map((row) => row.licence_id).sort()).toEqual([licenceId, null].sort());
  });
});
