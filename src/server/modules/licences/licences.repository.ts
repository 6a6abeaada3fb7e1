import type { CompiledQuery, Insertable, Kysely, Selectable } from 'kysely';
import type { LicenceAccountMode } from '../../../shared/schemas/licences.js';
import { isUniqueViolation } from '../../db/dialect.js';
import { directStatements, type DirectStatements } from '../../db/direct-statements.js';
import { preparedQuery } from '../../db/prepared-query.js';
import type {
  Database,
  LicenceActivationsTable,
  LicenceChecksTable,
  LicencesTable,
  LicenceSigningKeysTable,
} from '../../db/schema.js';

export type LicenceRow = Selectable<LicencesTable>;
export type ActivationRow = Selectable<LicenceActivationsTable>;
/** What a check reads of a licence: the rules' columns, not the sealed key or the dates of its history. */
const CHECKED_COLUMNS = [
  'id',
  'robot_id',
  'status',
  'revoked_reason',
  'expires_at',
  'real_slots',
  'demo_slots',
] as const;
export type CheckedLicence = Pick<LicenceRow, (typeof CHECKED_COLUMNS)[number]>;
/** Check rows per insert statement: 10 values each, far below either engine's limit of parameters. */
const CHECKS_PER_INSERT = 100;
/** What a check needs of an account's binding. */
export type BoundAccount = Pick<ActivationRow, 'id' | 'account_login' | 'account_server' | 'account_mode'>;
export type SigningKeyRow = Selectable<LicenceSigningKeysTable>;
export type NewCheck = Insertable<LicenceChecksTable>;

/** A bound account seen by a check: when, and with which platform and robot version. */
export interface Sighting {
  activationId: string;
  at: string;
  platform: string;
  eaVersion: string | null;
}

/** What one check leaves behind: its row, and the account's last sight when it is bound. */
export interface CheckRecord {
  check: NewCheck;
  sighting: Sighting | null;
}

/** Whether an order's licence is to be issued or revoked: its robot's rule, and its licence if any. */
export interface OrderLicenceState {
  id: string;
  robot_id: string | null;
  licence_required: boolean | null;
  licence_status: LicenceRow['status'] | null;
}

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
  /** The statements of every robot check, compiled once (db/prepared-query.ts). */
  private readonly checkStatements;
  /** Runs them without Kysely's executor where the engine allows (db/direct-statements.ts). */
  private readonly direct: DirectStatements;

  constructor(private readonly db: Kysely<Database>) {
    this.direct = directStatements(db);
    this.checkStatements = {
      licenceForCheck: preparedQuery((keyHash: string, login: string, server: string) =>
        db
          .selectFrom('licences')
          .leftJoin('licence_activations as bound', (join) =>
            join
              .onRef('bound.licence_id', '=', 'licences.id')
              .on('bound.account_login', '=', login)
              .on('bound.account_server', '=', server)
              .on('bound.freed_at', 'is', null),
          )
          .select([...CHECKED_COLUMNS.map((column) => `licences.${column}` as const), 'bound.id as bound_id'])
          .select('bound.account_mode as bound_account_mode')
          // `latest_version` (decision 0018): the robot's current release, its highest version as
          // RobotReleasesRepository.current picks it, read here rather than by a second query per
          // check (the unique index on robot and version key answers it).
          .select((eb) =>
            eb
              .selectFrom('robot_releases')
              .select('robot_releases.version')
              .whereRef('robot_releases.robot_id', '=', 'licences.robot_id')
              .orderBy('robot_releases.version_key', 'desc')
              .limit(1)
              .as('latest_version'),
          )
          .where('licences.key_hash', '=', keyHash),
      ),
      touchAccount: preparedQuery((id: string, at: string, platform: string, eaVersion: string | null) =>
        db
          .updateTable('licence_activations')
          .set({ last_seen_at: at, platform, ea_version: eaVersion })
          .where('id', '=', id),
      ),
      insertCheck: preparedQuery(
        (
          licenceId: string | null,
          checkedAt: string,
          endpoint: NewCheck['endpoint'],
          address: string | null,
          login: string | null,
          server: string | null,
          mode: string | null,
          platform: string | null,
          eaVersion: string | null,
          result: string,
        ) =>
          db.insertInto('licence_checks').values({
            licence_id: licenceId,
            checked_at: checkedAt,
            endpoint,
            ip_address: address,
            account_login: login,
            account_server: server,
            account_mode: mode,
            platform,
            ea_version: eaVersion,
            result,
          }),
      ),
    };
  }

  // ---- Issuing and revoking, following the order.

  /**
   * What following these orders' statuses needs to know, in one query: each order's robot's
   * licence rule and its licence's status (none: null). An order that no longer exists is left out.
   */
  licenceStates(orderIds: readonly string[]): Promise<OrderLicenceState[]> {
    return this.db
      .selectFrom('orders')
      .leftJoin('robots', 'robots.id', 'orders.robot_id')
      .leftJoin('licences', 'licences.order_id', 'orders.id')
      .select(['orders.id', 'orders.robot_id', 'robots.licence_required', 'licences.status as licence_status'])
      .where('orders.id', 'in', orderIds)
      .execute();
  }

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

  /**
   * A check's one read: the licence of the key, its robot's current version and, if the account
   * is bound to it, its binding.
   * One statement rather than two, because every robot check runs it (bench part `licences`).
   */
  async licenceForCheck(
    keyHash: string,
    login: string,
    server: string,
  ): Promise<{ licence: CheckedLicence; bound: BoundAccount | undefined; latestVersion: string | null } | undefined> {
    const [row] = await this.direct.read(this.checkStatements.licenceForCheck(keyHash, login, server));
    if (!row) return undefined;
    const { bound_id, bound_account_mode, latest_version, ...licence } = row;
    const bound =
      bound_id === null || bound_account_mode === null
        ? undefined
        : { id: bound_id, account_login: login, account_server: server, account_mode: bound_account_mode };
    return { licence, bound, latestVersion: latest_version ?? null };
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

  /**
   * Checks and their accounts' sights in one transaction. An account seen twice keeps its latest
   * sight (the last in arrival order), and the accounts are updated in the order of their ids, so
   * that two such transactions at once on PostgreSQL lock their rows in the same order and never
   * wait for each other in a circle.
   */
  async recordChecks(records: CheckRecord[]): Promise<void> {
    const latest = new Map<string, Sighting>();
    for (const { sighting } of records) if (sighting) latest.set(sighting.activationId, sighting);
    const sightings = [...latest.values()].sort((a, b) => (a.activationId < b.activationId ? -1 : 1));
    const statements = this.checkStatements;
    const writes: CompiledQuery[] = sightings.map((sighting) =>
      statements.touchAccount(sighting.activationId, sighting.at, sighting.platform, sighting.eaVersion),
    );
    if (records.length === 1) {
      const [{ check }] = records as [CheckRecord];
      writes.push(
        statements.insertCheck(
          check.licence_id ?? null,
          check.checked_at,
          check.endpoint,
          check.ip_address ?? null,
          check.account_login ?? null,
          check.account_server ?? null,
          check.account_mode ?? null,
          check.platform ?? null,
          check.ea_version ?? null,
          check.result,
        ),
      );
    } else {
      // Many rows per statement: on PostgreSQL each statement is a round trip.
      for (let start = 0; start < records.length; start += CHECKS_PER_INSERT)
        writes.push(
          this.db
            .insertInto('licence_checks')
            .values(records.slice(start, start + CHECKS_PER_INSERT).map((record) => record.check))
            .compile(),
        );
    }
    await this.direct.writeInTransaction(writes);
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
