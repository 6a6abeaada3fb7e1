// The reference for POST /api/licenses/validate, shared by its SQLite and PostgreSQL servers: plain
// node:http doing the work the app's validation must do, and nothing else: parse the JSON body,
// find the licence by the keyed hash of its key, check robot, status, expiry and the account's
// activation, build the payload, sign it with Ed25519 and HMAC it with the robot's EA secret,
// record the check row and the account's last sight, answer. Through the app's licence-check-log.ts,
// it commits the records of the requests of one event-loop turn in one transaction and answers each
// after that commit: a commit per request would be work the app does not do, and the reference
// would measure SQLite's commits rather than what a check needs. No validation library, no rate
// limit, no hooks.
// The keys come from the same server secret, opened once at start as the app keeps them in memory.
import { createHmac, createPrivateKey, sign, type KeyObject } from 'node:crypto';
import { createServer } from 'node:http';
import { deriveLicenceKeys, keyedHash, open } from '../src/server/modules/licences/licence-crypto.js';
import { LicenceCheckLog } from '../src/server/modules/licences/licence-check-log.js';
import { canonicalKey } from '../src/server/modules/licences/licence-key.js';
import { GRACE_SECONDS, LEASE_SECONDS } from '../src/server/modules/licences/licence-api.service.js';
import { LICENCE_API_VERSION } from '../src/shared/schemas/licences.js';

/** The licence of a key, with the account's binding when there is one (`bound_id` null otherwise). */
export interface BareLicence {
  id: string;
  bound_id: string | null;
  bound_account_mode: string | null;
  robot_id: string | null;
  status: string;
  revoked_reason: string | null;
  /** An ISO string from SQLite, a Date from PostgreSQL's default parser. */
  expires_at: string | Date | null;
  /** The robot's current release (its highest version), as the app reads it with the licence. */
  latest_version: string | null;
}

export interface BareCheck {
  licence_id: string | null;
  checked_at: string;
  endpoint: 'validate';
  ip_address: string;
  account_login: string;
  account_server: string;
  account_mode: string;
  platform: string;
  ea_version: string | null;
  result: string;
}

export interface BareSighting {
  activationId: string;
  at: string;
  platform: string;
  eaVersion: string | null;
}

export interface BareRecord {
  check: BareCheck;
  sighting: BareSighting | null;
}

type Maybe<T> = Promise<T> | T;

/** The queries, on whichever database; the SQLite ones answer synchronously. */
export interface BareLicenceStore {
  /** One statement, as the app's: the licence joined to the account's live binding. */
  licenceForCheck(keyHash: string, login: string, server: string): Maybe<BareLicence | undefined>;
  /** The check rows, and the bound accounts' last sights, of several requests in one transaction. */
  record(records: BareRecord[]): Maybe<unknown>;
  sealedEaSecret(robotId: string): Maybe<string | undefined>;
  newestSigningKey(): Maybe<{ kid: string; public_key: string; private_key_sealed: string } | undefined>;
}

interface Request {
  license_key: string;
  robot_id: string;
  account_login: string | number;
  account_server: string;
  account_mode: string;
  platform: string;
  ea_version?: string;
  nonce: string;
}

const refusals: Record<string, number> = {
  unknown_key: 404,
  wrong_robot: 403,
  revoked: 403,
  refunded: 403,
  expired: 403,
  not_activated: 403,
};

class Refusal extends Error {}

async function validate(
  store: BareLicenceStore,
  records: LicenceCheckLog,
  keys: { lookup: Buffer; eaSecrets: Buffer },
  signer: { kid: string; privateKey: KeyObject },
  eaSecrets: Map<string, string>,
  input: Request,
  address: string,
): Promise<{ payload: string; signature: string; hmac: string }> {
  const at = Date.now();
  const login = String(input.account_login);
  const keyHash = keyedHash(keys.lookup, canonicalKey(input.license_key) ?? input.license_key.toUpperCase());
  const licence = await store.licenceForCheck(keyHash, login, input.account_server);
  const record = (result: string, sighting: BareSighting | null = null) =>
    records.write({
      check: {
        licence_id: licence?.id ?? null,
        checked_at: new Date(at).toISOString(),
        endpoint: 'validate',
        ip_address: address,
        account_login: login,
        account_server: input.account_server,
        account_mode: input.account_mode,
        platform: input.platform,
        ea_version: input.ea_version ?? null,
        result,
      },
      sighting,
    });
  const refuse = async (code: string): Promise<never> => {
    await record(code);
    throw new Refusal(code);
  };
  if (!licence) return refuse('unknown_key');
  if (licence.robot_id === null || licence.robot_id !== input.robot_id) return refuse('wrong_robot');
  if (licence.status === 'revoked') return refuse(licence.revoked_reason === 'refunded' ? 'refunded' : 'revoked');
  const expiresMs = licence.expires_at === null ? null : new Date(licence.expires_at).getTime();
  if (expiresMs !== null && expiresMs <= at) return refuse('expired');
  if (licence.bound_id === null) return refuse('not_activated');

  let eaSecret = eaSecrets.get(licence.robot_id);
  if (eaSecret === undefined) {
    const sealed = await store.sealedEaSecret(licence.robot_id);
    if (!sealed) throw new Error(`robot ${licence.robot_id} has no EA secret`);
    eaSecret = open(keys.eaSecrets, sealed, licence.robot_id);
    eaSecrets.set(licence.robot_id, eaSecret);
  }
  const serverTime = Math.floor(at / 1000);
  const expiresAt = expiresMs === null ? null : Math.floor(expiresMs / 1000);
  let leaseUntil = serverTime + LEASE_SECONDS;
  let graceUntil = leaseUntil + GRACE_SECONDS;
  if (expiresAt !== null) {
    leaseUntil = Math.min(leaseUntil, expiresAt);
    graceUntil = Math.min(graceUntil, expiresAt);
  }
  const payload = Buffer.from(
    JSON.stringify({
      v: LICENCE_API_VERSION,
      kid: signer.kid,
      license: licence.id,
      robot_id: licence.robot_id,
      status: 'active',
      account_login: login,
      account_server: input.account_server,
      account_mode: licence.bound_account_mode,
      expires_at: expiresAt,
      lease_until: leaseUntil,
      grace_until: graceUntil,
      nonce: input.nonce,
      server_time: serverTime,
      latest_version: licence.latest_version,
    }),
  ).toString('base64url');
  const answer = {
    payload,
    signature: sign(null, Buffer.from(payload), signer.privateKey).toString('base64url'),
    hmac: createHmac('sha256', eaSecret).update(payload).digest('hex'),
  };
  await record('ok', {
    activationId: licence.bound_id,
    at: new Date(at).toISOString(),
    platform: input.platform,
    eaVersion: input.ea_version ?? null,
  });
  return answer;
}

/** The signing key as the app opens it: the newest generation, its private half unsealed. */
async function openSigner(
  store: BareLicenceStore,
  sealingKey: Buffer,
): Promise<{ kid: string; privateKey: KeyObject }> {
  const row = await store.newestSigningKey();
  if (!row) throw new Error('no licence signing key: the app creates it at start');
  const d = open(sealingKey, row.private_key_sealed, row.kid);
  return {
    kid: row.kid,
    privateKey: createPrivateKey({ key: { kty: 'OKP', crv: 'Ed25519', d, x: row.public_key }, format: 'jwk' }),
  };
}

/**
 * Listens on PORT; keys derive from BARE_LICENCE_SECRET (the app's LICENCE_SECRET or AUTH_SECRET).
 * A refusal answers its code as the app does; any other failure answers 500 rather than ending
 * the process mid-bench.
 */
export async function serveBareLicences(store: BareLicenceStore, close: () => Promise<void> | void): Promise<void> {
  const keys = deriveLicenceKeys(process.env.BARE_LICENCE_SECRET!);
  const signer = await openSigner(store, keys.signingKeys);
  const eaSecrets = new Map<string, string>();
  // The app's own grouping of one event-loop turn's records (the rows are the twin's, written
  // through the store below, so the cast only narrows the log's record type back to BareRecord).
  const records = new LicenceCheckLog({
    recordChecks: async (batch) => void (await store.record(batch as BareRecord[])),
  });
  const server = createServer((request, response) => {
    if (request.url === '/health') return void response.writeHead(200).end('ok');
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      // As the app's TRUST_PROXY=1: the last address the proxy added.
      const forwarded = request.headers['x-forwarded-for'];
      const address =
        typeof forwarded === 'string' ? forwarded.split(',').pop()!.trim() : (request.socket.remoteAddress ?? '');
      new Promise<Request>((resolve) => resolve(JSON.parse(body) as Request))
        .then((input) => validate(store, records, keys, signer, eaSecrets, input, address))
        .then(
          (answer) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer)),
          (error: unknown) => {
            if (error instanceof Refusal)
              response
                .writeHead(refusals[error.message] ?? 403, { 'content-type': 'application/json' })
                .end(JSON.stringify({ error: { code: error.message } }));
            else response.writeHead(500).end(String(error));
          },
        );
    });
  });
  server.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
  process.once('SIGTERM', () => {
    server.close(() => void Promise.resolve(close()).finally(() => process.exit(0)));
    server.closeAllConnections();
  });
}
