// The licence validation reference on the app's PostgreSQL database (BARE_DATABASE_URL), through a
// pool of the app's size (10), so that both wait on the same number of connections.
import pg from 'pg';
import { serveBareLicences, type BareActivation, type BareCheck, type BareLicence } from './bare-licences-handler.js';

const pool = new pg.Pool({ connectionString: process.env.BARE_DATABASE_URL, max: 10 });
// An idle client losing its connection must not end the process; the pool replaces it.
pool.on('error', () => undefined);

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
const insertCheck = `insert into licence_checks (${checkColumns.join(', ')}) values (${checkColumns.map((_, index) => `$${index + 1}`).join(', ')})`;

await serveBareLicences(
  {
    licenceByKeyHash: (keyHash) =>
      first<BareLicence>('select id, robot_id, status, revoked_reason, expires_at from licences where key_hash = $1', [
        keyHash,
      ]),
    boundAccount: (licenceId, login, server) =>
      first<BareActivation>(
        'select id, account_login, account_server, account_mode from licence_activations where licence_id = $1 and account_login = $2 and account_server = $3 and freed_at is null',
        [licenceId, login, server],
      ),
    // As the app on PostgreSQL: the sight, then the row, each committed on its own.
    async record(row, sighting) {
      if (sighting)
        await pool.query(
          'update licence_activations set last_seen_at = $1, platform = $2, ea_version = $3 where id = $4',
          [sighting.at, sighting.platform, sighting.eaVersion, sighting.activationId],
        );
      await pool.query(
        insertCheck,
        checkColumns.map((column) => row[column]),
      );
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
