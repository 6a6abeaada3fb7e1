// The licence validation reference on the app's own SQLite file (BARE_DB_FILE).
import { openBareSqlite } from './bare-databases.js';
import { serveBareLicences, type BareCheck, type BareLicence, type BareRecord } from './bare-licences-handler.js';

const database = openBareSqlite();
database.pragma('foreign_keys = ON');
const licence = database.prepare<[string, string, string], BareLicence>(
  'select licences.id, licences.robot_id, licences.status, licences.revoked_reason, licences.expires_at, bound.id as bound_id, bound.account_mode as bound_account_mode, (select version from robot_releases where robot_releases.robot_id = licences.robot_id order by version_key desc limit 1) as latest_version from licences left join licence_activations as bound on bound.licence_id = licences.id and bound.account_login = ? and bound.account_server = ? and bound.freed_at is null where licences.key_hash = ?',
);
const touch = database.prepare<[string, string, string | null, string]>(
  'update licence_activations set last_seen_at = ?, platform = ?, ea_version = ? where id = ?',
);
const check = database.prepare<BareCheck>(
  'insert into licence_checks (licence_id, checked_at, endpoint, ip_address, account_login, account_server, account_mode, platform, ea_version, result) values (@licence_id, @checked_at, @endpoint, @ip_address, @account_login, @account_server, @account_mode, @platform, @ea_version, @result)',
);
const eaSecret = database.prepare<[string], { secret_sealed: string }>(
  'select secret_sealed from robot_licence_secrets where robot_id = ?',
);
const signingKey = database.prepare<[], { kid: string; public_key: string; private_key_sealed: string }>(
  'select kid, public_key, private_key_sealed from licence_signing_keys order by generation desc limit 1',
);

await serveBareLicences(
  {
    licenceForCheck: (keyHash, login, server) => licence.get(login, server, keyHash),
    record: database.transaction((records: BareRecord[]) => {
      for (const { check: row, sighting } of records) {
        if (sighting) touch.run(sighting.at, sighting.platform, sighting.eaVersion, sighting.activationId);
        check.run(row);
      }
    }),
    sealedEaSecret: (robotId) => eaSecret.get(robotId)?.secret_sealed,
    newestSigningKey: () => signingKey.get(),
  },
  () => void database.close(),
);
