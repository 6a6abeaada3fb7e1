import type { Insertable, Kysely, Selectable } from 'kysely';
import type { LicenceAccountMode } from '../../../shared/schemas/licences.js';
import { isUniqueViolation } from '../../db/dialect.js';
import type {
  Database,
  LicenceActivationsTable,
  LicenceChecksTable,
  LicencesTable,
  LicenceSigningKeysTable,
} from '../../db/schema.js';

export type LicenceRow = Selectable<LicencesTable>;
export type ActivationRow = Selectable<LicenceActivationsTable>;
export type SigningKeyRow = Selectable<LicenceSigningKeysTable>;
export type NewCheck = Insertable<LicenceChecksTable>;

/** What issuing a licence reads of an order and its robot. */
export interface OrderForLicence {
  id: string;
  user_id: string | null;
  robot_id: string | null;
  licence_required: boolean | null;
  licence_real_slots: number | null;
  licence_demo_slots: number | null;
  licence_duration_days: number | null;
  /** A free trial's order (decision 0020): its licence runs on demo accounts until the trial ends. */
  trial: boolean;
  trial_ends_at: string | null;
}

/** The only SQL of licences: the licences, their activations and checks, EA secrets and signing keys. */
export class LicencesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  // ---- Issuing and revoking, following the order.

  orderForLicence(orderId: string): Promise<OrderForLicence | undefined> {
    return this.db
      .selectFrom('orders')
      .leftJoin('robots', 'robots.id', 'orders.robot_id')
      .select([
        'orders.id',
        'orders.user_id',
        'orders.robot_id',
        'robots.licence_required',
        'robots.licence_real_slots',
        'robots.licence_demo_slots',
        'robots.licence_duration_days',
        'orders.trial',
        'orders.trial_ends_at',
      ])
      .where('orders.id', '=', orderId)
      .executeTakeFirst();
  }

  licenceOfOrder(orderId: string): Promise<LicenceRow | undefined> {
    return this.db.selectFrom('licences').selectAll().where('order_id', '=', orderId).executeTakeFirst();
  }

  /** False when the order already has its licence (another caller issued it first). */
  async insertLicence(licence: Insertable<LicencesTable>): Promise<boolean> {
    try {
      await this.db.insertInto('licences').values(licence).execute();
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  /** Revokes the order's licence unless it is revoked already; true when it changed. */
  async revokeByOrder(orderId: string, reason: string, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('licences')
      .set({ status: 'revoked', revoked_reason: reason, revoked_at: at, updated_at: at })
      .where('order_id', '=', orderId)
      .where('status', '=', 'active')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  // ---- The robots' checks.

  licenceByKeyHash(keyHash: string): Promise<LicenceRow | undefined> {
    return this.db.selectFrom('licences').selectAll().where('key_hash', '=', keyHash).executeTakeFirst();
  }

  boundAccount(licenceId: string, login: string, server: string): Promise<ActivationRow | undefined> {
    return this.db
      .selectFrom('licence_activations')
      .selectAll()
      .where('licence_id', '=', licenceId)
      .where('account_login', '=', login)
      .where('account_server', '=', server)
      .where('freed_at', 'is', null)
      .executeTakeFirst();
  }

  async usedSlots(licenceId: string, mode: LicenceAccountMode): Promise<number[]> {
    const rows = await this.db
      .selectFrom('licence_activations')
      .select('slot')
      .where('licence_id', '=', licenceId)
      .where('account_mode', '=', mode)
      .where('freed_at', 'is', null)
      .execute();
    return rows.map((row) => row.slot);
  }

  /** False when the account or the slot was taken meanwhile (the partial unique indexes). */
  async bindAccount(activation: Insertable<LicenceActivationsTable>): Promise<boolean> {
    try {
      await this.db.insertInto('licence_activations').values(activation).execute();
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  async touchAccount(id: string, at: string, platform: string, eaVersion: string | null): Promise<void> {
    await this.db
      .updateTable('licence_activations')
      .set({ last_seen_at: at, platform, ea_version: eaVersion })
      .where('id', '=', id)
      .execute();
  }

  async recordCheck(check: NewCheck): Promise<void> {
    await this.db.insertInto('licence_checks').values(check).execute();
  }

  async deleteChecksBefore(cutoff: string): Promise<number> {
    const result = await this.db.deleteFrom('licence_checks').where('checked_at', '<', cutoff).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  // ---- EA secrets.

  robotLicence(robotId: string) {
    return this.db
      .selectFrom('robots')
      .select(['id', 'name', 'licence_required'])
      .where('id', '=', robotId)
      .executeTakeFirst();
  }

  async sealedEaSecret(robotId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('robot_licence_secrets')
      .select('secret_sealed')
      .where('robot_id', '=', robotId)
      .executeTakeFirst();
    return row?.secret_sealed;
  }

  /** Keeps the secret already there when two callers create one at once. */
  async insertEaSecret(robotId: string, sealed: string): Promise<void> {
    await this.db
      .insertInto('robot_licence_secrets')
      .values({ robot_id: robotId, secret_sealed: sealed, created_at: new Date().toISOString() })
      .onConflict((conflict) => conflict.column('robot_id').doNothing())
      .execute();
  }

  async replaceEaSecret(robotId: string, sealed: string): Promise<void> {
    await this.db
      .insertInto('robot_licence_secrets')
      .values({ robot_id: robotId, secret_sealed: sealed, created_at: new Date().toISOString() })
      .onConflict((conflict) =>
        conflict.column('robot_id').doUpdateSet({ secret_sealed: sealed, created_at: new Date().toISOString() }),
      )
      .execute();
  }

  // ---- Signing keys.

  signingKeys(): Promise<SigningKeyRow[]> {
    return this.db.selectFrom('licence_signing_keys').selectAll().orderBy('generation', 'desc').execute();
  }

  /** False when that generation exists already: another instance created or rotated first. */
  async insertSigningKey(key: Insertable<LicenceSigningKeysTable>): Promise<boolean> {
    const result = await this.db
      .insertInto('licence_signing_keys')
      .values(key)
      .onConflict((conflict) => conflict.column('generation').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
  }
}
