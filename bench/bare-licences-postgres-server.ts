// The licence validation reference on the app's PostgreSQL database (BARE_DATABASE_URL), through a
// pool of the app's size (10), so that both wait on the same number of connections.
import pg from 'pg';
import { serveBareLicences, type BareCheck, type BareLicence } from './bare-licences-handler.js';

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
    licenceForCheck: (keyHash, login, server) =>
      first<BareLicence>(
        'select licences.id, licences.robot_id, licences.status, licences.revoked_reason, licences.expires_at, bound.id as bound_id, bound.account_mode as bound_account_mode from licences left join licence_activations as bound on bound.licence_id = licences.id and bound.account_login = $1 and bound.account_server = $2 and bound.freed_at is null where licences.key_hash = $3',
        [login, server, keyHash],
      ),
    // One transaction per request, as on SQLite (the app groups the requests of one event-loop turn).
    async record(row, sighting) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        if (sighting)
          await client.query(
            'update licence_activations set last_seen_at = $1, platform = $2, ea_version = $3 where id = $4',
            [sighting.at, sighting.platform, sighting.eaVersion, sighting.activationId],
          );
        await client.query(
          insertCheck,
          checkColumns.map((column) => row[column]),
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
