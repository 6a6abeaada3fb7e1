import { createHmac, randomUUID } from 'node:crypto';
import type { ErrorCode } from '../../../shared/error-codes.js';
import {
  LICENCE_API_VERSION,
  type LicenceAnswer,
  type LicenceKeys,
  type LicencePayload,
  type LicenceRequest,
} from '../../../shared/schemas/licences.js';
import { AppError, ConflictError } from '../../errors.js';
import { keyedHash } from './licence-crypto.js';
import { canonicalKey } from './licence-key.js';
import type { ActivationRow, BoundAccount, CheckedLicence, Sighting } from './licences.repository.js';
import type { LicenceParts } from './licences.service.js';

/** How long an answer lets a robot run before it must ask again (docs/licence-api.md). */
export const LEASE_SECONDS = 3 * 86_400;
/** How much longer a robot that cannot reach the shop may run on its last good answer. */
export const GRACE_SECONDS = 4 * 86_400;

export type LicenceEndpoint = 'activate' | 'validate';

/** The refusals a robot reads (docs/licence-api.md): stable codes, each with its status. */
const refusals = {
  unknown_key: [404, 'No licence has this key.'],
  wrong_robot: [403, 'This licence is for another robot.'],
  revoked: [403, 'This licence has been revoked.'],
  refunded: [403, 'The order of this licence was refunded.'],
  expired: [403, 'This licence has expired.'],
  not_activated: [403, 'This account is not activated on this licence: activate it first.'],
  no_free_slot: [409, 'Every slot of this account mode is taken: free one on the licence page.'],
  demo_only: [
    403,
    'This licence runs on demo accounts only (a free trial): buy the robot to run it on a real account.',
  ],
} as const satisfies Record<string, readonly [number, string]>;
type Refusal = keyof typeof refusals & ErrorCode;

export class LicenceRefusal extends AppError {
  constructor(readonly refusal: Refusal) {
    super(refusals[refusal][0], refusal, refusals[refusal][1]);
  }
}

const SLOT_ATTEMPTS = 5;

/**
 * The licence API for robots (issue 18 §2, docs/licence-api.md): activation binds a trading
 * account to a free slot of its mode, validation is the periodic check; both record the check
 * and answer a payload signed twice (Ed25519 for clients that verify it, HMAC with the robot's
 * EA secret for MQL).
 */
export class LicenceApiService {
  constructor(
    private readonly parts: LicenceParts,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The lookup hash of a key as typed. A key that cannot be one is hashed all the same, and looked
   * up all the same, so that a malformed key and a wrong one cost the same time (`unknown_key`).
   */
  keyHash(typed: string): string {
    return keyedHash(this.parts.keys.lookup, canonicalKey(typed) ?? typed.toUpperCase());
  }

  /**
   * `keyHash` is keyHash(request.license_key), when the caller has it already (the per-key limit
   * counts by it), so that a check hashes its key once.
   */
  async check(
    endpoint: LicenceEndpoint,
    request: LicenceRequest,
    address: string,
    keyHash = this.keyHash(request.license_key),
  ): Promise<LicenceAnswer> {
    const at = this.now();
    const found = await this.parts.repository.licenceForCheck(keyHash, request.account_login, request.account_server);
    const licence = found?.licence;
    const record = (result: string, sighting: Sighting | null) =>
      this.parts.checkLog.write({
        check: {
          licence_id: licence?.id ?? null,
          checked_at: new Date(at).toISOString(),
          endpoint,
          ip_address: address,
          account_login: request.account_login,
          account_server: request.account_server,
          account_mode: request.account_mode,
          platform: request.platform,
          ea_version: request.ea_version ?? null,
          result,
        },
        sighting,
      });
    try {
      const { activation, sighting } = await this.decide(endpoint, found, request, at);
      const answer = await this.answer(licence!, activation, found!.latestVersion, request.nonce, at);
      // The answer leaves only once the check (and the account's last sight) is recorded.
      await record('ok', sighting);
      return answer;
    } catch (error) {
      if (error instanceof LicenceRefusal) await record(error.refusal, null);
      throw error;
    }
  }

  keys(): Promise<LicenceKeys> {
    return this.parts.signing.publicKeys();
  }

  /**
   * The account's activation, after every rule, with its new last sight when it was bound before
   * (a new binding was first and last seen now); throws the refusal otherwise.
   */
  private async decide(
    endpoint: LicenceEndpoint,
    found: { licence: CheckedLicence; bound: BoundAccount | undefined } | undefined,
    request: LicenceRequest,
    at: number,
  ): Promise<{ activation: BoundAccount; sighting: Sighting | null }> {
    if (!found) throw new LicenceRefusal('unknown_key');
    const { licence, bound } = found;
    if (licence.robot_id === null || licence.robot_id !== request.robot_id) throw new LicenceRefusal('wrong_robot');
    if (licence.status === 'revoked')
      throw new LicenceRefusal(licence.revoked_reason === 'refunded' ? 'refunded' : 'revoked');
    if (licence.expires_at !== null && Date.parse(licence.expires_at) <= at) throw new LicenceRefusal('expired');
    if (bound) {
      const sighting = {
        activationId: bound.id,
        at: new Date(at).toISOString(),
        platform: request.platform,
        eaVersion: request.ea_version ?? null,
      };
      return { activation: bound, sighting };
    }
    if (endpoint === 'validate') throw new LicenceRefusal('not_activated');
    return { activation: await this.bind(licence, request, at), sighting: null };
  }

  /**
   * Binds the account to the lowest free slot of its mode. Two activations racing for one slot
   * collide on the slot's unique index; the loser tries again with what is left.
   */
  private async bind(licence: CheckedLicence, request: LicenceRequest, at: number): Promise<ActivationRow> {
    const { repository } = this.parts;
    const slots = request.account_mode === 'real' ? licence.real_slots : licence.demo_slots;
    // A free trial's licence has no real slot at all (decision 0020): the buyer has nothing to
    // free, so the answer says what the licence is rather than that its slots are taken.
    if (request.account_mode === 'real' && slots === 0 && licence.demo_slots > 0) throw new LicenceRefusal('demo_only');
    for (let attempt = 0; attempt < SLOT_ATTEMPTS; attempt++) {
      const used = new Set(await repository.usedSlots(licence.id, request.account_mode));
      let slot = 1;
      while (used.has(slot)) slot++;
      if (slot > slots) throw new LicenceRefusal('no_free_slot');
      const activation: ActivationRow = {
        id: randomUUID(),
        licence_id: licence.id,
        account_login: request.account_login,
        account_server: request.account_server,
        account_mode: request.account_mode,
        slot,
        platform: request.platform,
        ea_version: request.ea_version ?? null,
        first_seen_at: new Date(at).toISOString(),
        last_seen_at: new Date(at).toISOString(),
        freed_at: null,
        freed_by: null,
        freed_by_role: null,
      };
      if (await repository.bindAccount(activation)) return activation;
      // The same account activated at the same moment elsewhere: that binding is this one.
      const bound = await repository.boundAccount(licence.id, request.account_login, request.account_server);
      if (bound) return bound;
    }
    throw new ConflictError('The licence is being activated elsewhere at this moment; try again.');
  }

  private async answer(
    licence: CheckedLicence,
    activation: BoundAccount,
    /** The robot's current release's version (decision 0018), read with the licence. */
    latestVersion: string | null,
    nonce: string,
    at: number,
  ): Promise<LicenceAnswer> {
    const robotId = licence.robot_id!;
    const [signer, eaSecret] = await Promise.all([
      this.parts.signing.signer(),
      this.parts.eaSecrets.forAnswer(robotId),
    ]);
    const serverTime = Math.floor(at / 1000);
    const expiresAt = licence.expires_at === null ? null : Math.floor(Date.parse(licence.expires_at) / 1000);
    let leaseUntil = serverTime + LEASE_SECONDS;
    let graceUntil = leaseUntil + GRACE_SECONDS;
    // Neither the lease nor the grace outlives the licence.
    if (expiresAt !== null) {
      leaseUntil = Math.min(leaseUntil, expiresAt);
      graceUntil = Math.min(graceUntil, expiresAt);
    }
    // The field order is the documented one; MQL reads fields by name, not by position.
    const payload: LicencePayload = {
      v: LICENCE_API_VERSION,
      kid: signer.kid,
      license: licence.id,
      robot_id: robotId,
      status: 'active',
      account_login: activation.account_login,
      account_server: activation.account_server,
      account_mode: activation.account_mode,
      expires_at: expiresAt,
      lease_until: leaseUntil,
      grace_until: graceUntil,
      nonce,
      server_time: serverTime,
      latest_version: latestVersion,
    };
    const text = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return {
      payload: text,
      signature: signer.sign(text),
      hmac: createHmac('sha256', eaSecret).update(text).digest('hex'),
    };
  }
}
