// The licence validation reference on the app's PostgreSQL database (BARE_DATABASE_URL), through a
// pool of the app's size (bare-databases.ts).
import type pg from 'pg';
import { openBarePool } from './bare-databases.js';
import { serveBareLicences, type BareCheck, type BareLicence, type BareRecord } from './bare-licences-handler.js';

const pool = openBarePool();

const first = async <T extends pg.QueryResultRow>(text: string, values: unknown[]): Promise<T | undefined> =>
  (await pool.query<T>(text, values)).rows[0];
const checkColumns: Array<keyof BareCheck> = [
  'licence_id',
  'checked_at',
  'endpoint',
  'ip_address',
  'account_login',
  'account_server',
  'account_mode',
  'platform',
  'ea_version',
  'result',
];
/** One insert for the check rows of a group: `rows` sets of placeholders. */
const insertChecks = (rows: number) =>
  `insert into licence_checks (${checkColumns.join(', ')}) values ${Array.from(
    { length: rows },
    (_, row) => `(${checkColumns.map((_, index) => `$${row * checkColumns.length + index + 1}`).join(', ')})`,
  ).join(', ')}`;

await serveBareLicences(
  {
    licenceForCheck: (keyHash, login, server) =>
      first<BareLicence>(
        'select licences.id, licences.robot_id, licences.status, licences.revoked_reason, licences.expires_at, bound.id as bound_id, bound.account_mode as bound_account_mode, (select version from robot_releases where robot_releases.robot_id = licences.robot_id order by version_key desc limit 1) as latest_version from licences left join licence_activations as bound on bound.licence_id = licences.id and bound.account_login = $1 and bound.account_server = $2 and bound.freed_at is null where licences.key_hash = $3',
        [login, server, keyHash],
      ),
    // The records of one event-loop turn in one transaction, as the app writes them.
    async record(records: BareRecord[]) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        // In the order of the accounts' ids, as the app: two groups cannot deadlock.
        const sightings = records.flatMap((record) => (record.sighting ? [record.sighting] : []));
        sightings.sort((x, y) => (x.activationId < y.activationId ? -1 : x.activationId > y.activationId ? 1 : 0));
        for (const sighting of sightings)
          await client.query(
            'update licence_activations set last_seen_at = $1, platform = $2, ea_version = $3 where id = $4',
            [sighting.at, sighting.platform, sighting.eaVersion, sighting.activationId],
          );
        await client.query(
          insertChecks(records.length),
          records.flatMap(({ check }) => checkColumns.map((column) => check[column])),
        );
        await client.query('commit');
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    sealedEaSecret: async (robotId) =>
      (
        await first<{ secret_sealed: string }>('select secret_sealed from robot_licence_secrets where robot_id = $1', [
          robotId,
        ])
      )?.secret_sealed,
    newestSigningKey: () =>
      first<{ kid: string; public_key: string; private_key_sealed: string }>(
        'select kid, public_key, private_key_sealed from licence_signing_keys order by generation desc limit 1',
        [],
      ),
  },
  () => pool.end(),
);
