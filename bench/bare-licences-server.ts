// The licence validation reference on the app's own SQLite file (BARE_DB_FILE).
import BetterSqlite3 from 'better-sqlite3';
import {
  serveBareLicences,
  type BareActivation,
  type BareCheck,
  type BareLicence,
  type BareSighting,
} from './bare-licences-handler.js';

const database = new BetterSqlite3(process.env.BARE_DB_FILE!);
database.pragma('journal_mode = WAL');
database.pragma('synchronous = NORMAL');
database.pragma('foreign_keys = ON');
database.pragma('busy_timeout = 5000');
const licence = database.prepare<[string], BareLicence>(
  'select id, robot_id, status, revoked_reason, expires_at from licences where key_hash = ?',
);
const bound = database.prepare<[string, string, string], BareActivation>(
  'select id, account_login, account_server, account_mode from licence_activations where licence_id = ? and account_login = ? and account_server = ? and freed_at is null',
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
    licenceByKeyHash: (keyHash) => licence.get(keyHash),
    boundAccount: (licenceId, login, server) => bound.get(licenceId, login, server),
    record: database.transaction((row: BareCheck, sighting: BareSighting | null) => {
      if (sighting) touch.run(sighting.at, sighting.platform, sighting.eaVersion, sighting.activationId);
      check.run(row);
    }),
    sealedEaSecret: (robotId) => eaSecret.get(robotId)?.secret_sealed,
    newestSigningKey: () => signingKey.get(),
  },
  () => void database.close(),
);
