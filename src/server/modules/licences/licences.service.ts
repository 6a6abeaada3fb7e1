import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { closedOrderStatuses, paidStatuses, type OrderStatus } from '../../../shared/order-states.js';
import type { RobotLicenceSecret } from '../../../shared/schemas/licences.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { TurnBatch } from '../../db/turn-batch.js';
import { ConflictError, NotFoundError } from '../../errors.js';
import { EaSecrets } from './ea-secrets.js';
import { LicenceCheckLog } from './licence-check-log.js';
import { deriveLicenceKeys, keyedHash, open, seal, type LicenceKeys } from './licence-crypto.js';
import { formatKey, keySuffix, newCanonicalKey } from './licence-key.js';
import { LicencesRepository, type LicenceRow, type OrderForLicence } from './licences.repository.js';
import { SigningKeys } from './signing-keys.js';

/** A licence as its owner and the shop see it: the key opened for display. */
export interface LicenceView {
  id: string;
  order_id: string;
  robot_id: string | null;
  user_id: string | null;
  key: string;
  real_slots: number;
  demo_slots: number;
  expires_at: string | null;
  status: 'active' | 'revoked';
  revoked_reason: string | null;
  created_at: string;
}

/** The pieces every licence service shares, built once per database and server secret. */
export interface LicenceParts {
  repository: LicencesRepository;
  keys: LicenceKeys;
  eaSecrets: EaSecrets;
  signing: SigningKeys;
  /** Where the robots' checks are written, those of one event-loop turn in one transaction. */
  checkLog: LicenceCheckLog;
  publicUrl: string;
}

/**
 * The server secret the licence keys derive from: LICENCE_SECRET, else AUTH_SECRET. Without one,
 * keys would change at every start and every licence would stop answering: refuse to start.
 */
function licenceSecret(config: Config): string {
  const secret = config.licenceSecret ?? config.authSecret;
  if (!secret) throw new Error('Licences need LICENCE_SECRET or AUTH_SECRET (loadConfig provides AUTH_SECRET).');
  return secret;
}

export function licenceParts(db: Kysely<Database>, config: Config): LicenceParts {
  const repository = new LicencesRepository(db);
  const keys = deriveLicenceKeys(licenceSecret(config));
  return {
    repository,
    keys,
    eaSecrets: new EaSecrets(repository, keys.eaSecrets),
    signing: new SigningKeys(repository, keys.signingKeys),
    checkLog: new LicenceCheckLog(repository),
    publicUrl: config.publicUrl,
  };
}

/**
 * Licences as the rest of the shop sees them (issue 18 §2): issued when an order is paid, revoked
 * when it is refunded or cancelled, and the robot's licence settings the owner compiles in.
 */
export class LicencesService {
  /** The orders whose status was followed in this turn (`followOrderStatus`). */
  private readonly followUps = new TurnBatch<{ id: string; status: OrderStatus }, void>((orders) =>
    this.follow(orders),
  );

  constructor(
    private readonly parts: LicenceParts,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Called by the orders module after every status event it applies, changed or not, so that a
   * repeated payment callback heals a licence that could not be issued the first time. The orders
   * followed in one turn of the event loop are read together in the next (`follow`): a burst of
   * 100 payment callbacks made two reads per order after its commit, each on the connection the
   * next callbacks wait for (issue 21 §6), and the pages waiting on those orders hear of them first.
   */
  async followOrderStatus(order: { id: string; status: OrderStatus }): Promise<void> {
    if (paidStatuses.includes(order.status) || closedOrderStatuses.includes(order.status))
      await this.followUps.add({ id: order.id, status: order.status });
  }

  /**
   * One read of the orders' licence states, then for each order what its status asks: a paid
   * order whose robot requires a licence and that has none is issued one; a closed order (refunded
   * or cancelled) has its active licence taken away, the reason kept on it. Both steps check again
   * as they write, so a licence issued or revoked meanwhile is not issued or revoked twice.
   */
  private async follow(orders: Array<{ id: string; status: OrderStatus }>): Promise<void[]> {
    const states = new Map(
      (await this.parts.repository.licenceStates([...new Set(orders.map((order) => order.id))])).map((state) => [
        state.id,
        state,
      ]),
    );
    for (const order of orders) {
      const state = states.get(order.id);
      if (!state) continue;
      if (paidStatuses.includes(order.status)) {
        if (state.licence_status === null && state.robot_id && state.licence_required)
          await this.issueForOrder(order.id);
      } else if (state.licence_status === 'active') await this.revokeForOrder(order.id, order.status);
    }
    return orders.map(() => undefined);
  }

  /**
   * The order's licence, issued now if its robot requires one and it has none yet; null when the
   * robot requires none (or is deleted). Idempotent, also when two callers issue at once: the
   * order's unique licence decides.
   */
  async issueForOrder(orderId: string): Promise<LicenceView | null> {
    const existing = await this.parts.repository.licenceOfOrder(orderId);
    if (existing) return this.view(existing);
    const order = await this.parts.repository.orderForLicence(orderId);
    if (!order?.robot_id || !order.licence_required) return null;
    const id = randomUUID();
    const canonical = newCanonicalKey();
    const at = this.now();
    await this.parts.repository.insertLicence({
      id,
      order_id: order.id,
      robot_id: order.robot_id,
      user_id: order.user_id,
      key_hash: keyedHash(this.parts.keys.lookup, canonical),
      key_sealed: seal(this.parts.keys.licenceKeys, formatKey(canonical), id),
      key_suffix: keySuffix(canonical),
      ...this.terms(order, at),
      created_at: new Date(at).toISOString(),
      updated_at: new Date(at).toISOString(),
    });
    // The robot answers with its EA secret: it exists from the first licence on.
    await this.parts.eaSecrets.ensure(order.robot_id);
    const issued = await this.parts.repository.licenceOfOrder(orderId);
    if (!issued) throw new Error(`the licence of order ${orderId} was not stored`);
    return this.view(issued);
  }

  /**
   * What the licence allows, copied from the robot when issued. A free trial's (decision 0020)
   * has no real-account slot and ends with the trial, whatever the robot's duration.
   */
  private terms(order: OrderForLicence, at: number): Pick<LicenceRow, 'real_slots' | 'demo_slots' | 'expires_at'> {
    if (order.trial)
      return {
        real_slots: 0,
        // The catalogue allows a trial only with demo slots; one at least, whatever happened since.
        demo_slots: Math.max(1, order.licence_demo_slots ?? 0),
        // A trial without an end would be a licence for life: none is ever written, but fail closed.
        expires_at: order.trial_ends_at ?? new Date(at).toISOString(),
      };
    return {
      real_slots: order.licence_real_slots ?? 0,
      demo_slots: order.licence_demo_slots ?? 0,
      expires_at:
        order.licence_duration_days === null
          ? null
          : new Date(at + order.licence_duration_days * 86_400_000).toISOString(),
    };
  }

  /**
   * Takes the order's licence away (a refund, a cancellation): the robot's next check is refused
   * with `refunded` when the reason is a refund, else `revoked`. True when it was active.
   */
  revokeForOrder(orderId: string, reason: string): Promise<boolean> {
    return this.parts.repository.revokeByOrder(orderId, reason, new Date(this.now()).toISOString());
  }

  async licenceOfOrder(orderId: string): Promise<LicenceView | null> {
    const row = await this.parts.repository.licenceOfOrder(orderId);
    return row ? this.view(row) : null;
  }

  /** The robot's licence tab: its id and EA secret, to compile into the robot. */
  async robotLicence(robotId: string): Promise<RobotLicenceSecret> {
    const robot = await this.parts.repository.robotLicence(robotId);
    if (!robot) throw new NotFoundError('No such robot.');
    return {
      robot_id: robot.id,
      robot_name: robot.name,
      licence_required: robot.licence_required,
      ea_secret: robot.licence_required ? await this.parts.eaSecrets.ensure(robot.id) : null,
      api_url: `${this.parts.publicUrl}/api/licenses`,
    };
  }

  /** A new EA secret: robots built with the old one stop verifying their answers. */
  async rotateEaSecret(robotId: string): Promise<RobotLicenceSecret> {
    const robot = await this.parts.repository.robotLicence(robotId);
    if (!robot) throw new NotFoundError('No such robot.');
    if (!robot.licence_required) throw new ConflictError('Turn the licence on for this robot first.');
    return {
      robot_id: robot.id,
      robot_name: robot.name,
      licence_required: true,
      ea_secret: await this.parts.eaSecrets.rotate(robot.id),
      api_url: `${this.parts.publicUrl}/api/licenses`,
    };
  }

  /** A new signing key signs from now on; the old public keys stay listed. */
  async rotateSigningKey() {
    await this.parts.signing.rotate();
    return this.parts.signing.publicKeys();
  }

  private view(row: LicenceRow): LicenceView {
    return {
      id: row.id,
      order_id: row.order_id,
      robot_id: row.robot_id,
      user_id: row.user_id,
      key: open(this.parts.keys.licenceKeys, row.key_sealed, row.id),
      real_slots: row.real_slots,
      demo_slots: row.demo_slots,
      expires_at: row.expires_at,
      status: row.status,
      revoked_reason: row.revoked_reason,
      created_at: row.created_at,
    };
  }
}

/** The licences of one database, for the orders module (issued when paid, revoked when refunded). */
export function createLicencesService(db: Kysely<Database>, config: Config): LicencesService {
  return new LicencesService(licenceParts(db, config));
}
