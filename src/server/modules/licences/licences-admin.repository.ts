import { timeOrderedId } from '../../db/time-ordered-id.js';
import { sql, type Kysely } from 'kysely';
import type { OrderStatus } from '../../../shared/order-states.js';
import type { AdminLicenceStatus } from '../../../shared/schemas/licences-admin.js';
import type { LicenceEventKind } from '../../../shared/schemas/orders.js';
import type { Database } from '../../db/schema.js';

/** What the owner's search looks for; the service decides which of these a typed text can be. */
export interface LicenceSearch {
  /** Lower-cased text matched inside the client's email and the robot's name. */
  text?: string;
  /** The lookup hash of a whole key, when the text is one. */
  keyHash?: string;
  /** A key's last group, when the text can be one. */
  keySuffix?: string;
  /** An account number (digits). */
  accountLogin?: string;
  /** The start of an order's id (its number), lower case. */
  orderPrefix?: string;
  status?: AdminLicenceStatus;
  /** ISO time the `expired` status is judged at. */
  now: string;
}

/** A licence for the owner's list: the licence, its order, client, robot and what its robots did. */
export interface AdminLicenceRow {
  id: string;
  order_id: string;
  robot_id: string | null;
  user_id: string | null;
  key_suffix: string;
  key_sealed: string;
  real_slots: number;
  demo_slots: number;
  expires_at: string | null;
  status: 'active' | 'revoked';
  revoked_reason: string | null;
  revoked_at: string | null;
  revoked_note: string | null;
  created_at: string;
  order_status: OrderStatus;
  robot_name: string;
  client_email: string | null;
  client_name: string | null;
  real_used: number | string | null;
  demo_used: number | string | null;
  last_check_at: string | null;
}

/** Who acts for the owner: copied onto what they change. */
export interface Actor {
  id: string;
  email: string;
}

/** A line on the order's timeline: what happened to its licence, by which administrator. */
export interface LicenceLine {
  orderId: string;
  kind: Exclude<LicenceEventKind, 'licence_slot_freed'>;
  by: Actor;
  at: string;
  /** The owner's own words (a revocation's reason). */
  note?: string | null;
  /** The key's last group and what changed, as the owner reads it on the order. */
  detail: string;
}

/** `%`, `_` and `\` match themselves in a LIKE pattern built from what an administrator typed. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function startsWithPattern(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The SQL of the owner's Licences page (issue 18 §2): the search, one licence with its
 * activations and checks, and the owner's writes. The robots' own queries stay in
 * licences.repository.ts.
 */
export class LicencesAdminRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Runs `work` in one transaction, on a repository of that transaction (joined if already in one). */
  async transaction<T>(work: (repository: LicencesAdminRepository) => Promise<T>): Promise<T> {
    if (this.db.isTransaction) return work(this);
    return this.db.transaction().execute((trx) => work(new LicencesAdminRepository(trx)));
  }

  /**
   * Writes the order's timeline line of an owner's action on its licence. The timeline is the
   * orders module's table (migration 0011); the line must commit with the change or not at all, so
   * it is written here, in the change's transaction, as the client's frees write theirs.
   */
  async addOrderLine(line: LicenceLine): Promise<void> {
    await this.db
      .insertInto('order_events')
      .values({
        id: timeOrderedId().id,
        order_id: line.orderId,
        occurred_at: line.at,
        kind: line.kind,
        actor: 'administrator',
        actor_id: line.by.id,
        actor_email: line.by.email,
        note: line.note ?? null,
        detail: line.detail,
      })
      .execute();
  }

  private rows() {
    return (
      this.db
        .selectFrom('licences')
        .innerJoin('orders', 'orders.id', 'licences.order_id')
        .leftJoin('robots', 'robots.id', 'licences.robot_id')
        .leftJoin('users', 'users.id', 'licences.user_id')
        .select([
          'licences.id',
          'licences.order_id',
          'licences.robot_id',
          'licences.user_id',
          'licences.key_suffix',
          'licences.key_sealed',
          'licences.real_slots',
          'licences.demo_slots',
          'licences.expires_at',
          'licences.status',
          'licences.revoked_reason',
          'licences.revoked_at',
          'licences.revoked_note',
          'licences.created_at',
          'orders.status as order_status',
          'users.email as client_email',
          'users.full_name as client_name',
        ])
        // A deleted robot keeps its licences (decision 0017); its name stays on the order.
        .select((eb) => eb.fn.coalesce('robots.name', 'orders.robot_name').as('robot_name'))
        .select((eb) => [
          eb
            .selectFrom('licence_activations')
            .select((sub) => sub.fn.countAll<number | string>().as('n'))
            .whereRef('licence_activations.licence_id', '=', 'licences.id')
            .where('licence_activations.account_mode', '=', 'real')
            .where('licence_activations.freed_at', 'is', null)
            .as('real_used'),
          eb
            .selectFrom('licence_activations')
            .select((sub) => sub.fn.countAll<number | string>().as('n'))
            .whereRef('licence_activations.licence_id', '=', 'licences.id')
            .where('licence_activations.account_mode', '=', 'demo')
            .where('licence_activations.freed_at', 'is', null)
            .as('demo_used'),
          eb
            .selectFrom('licence_checks')
            .select((sub) => sub.fn.max('licence_checks.checked_at').as('at'))
            .whereRef('licence_checks.licence_id', '=', 'licences.id')
            .as('last_check_at'),
        ])
    );
  }

  private filtered(search: LicenceSearch) {
    let builder = this.rows();
    if (search.status === 'revoked') builder = builder.where('licences.status', '=', 'revoked');
    if (search.status === 'expired')
      builder = builder
        .where('licences.status', '=', 'active')
        .where('licences.expires_at', 'is not', null)
        .where('licences.expires_at', '<=', search.now);
    if (search.status === 'active')
      builder = builder
        .where('licences.status', '=', 'active')
        .where((eb) => eb.or([eb('licences.expires_at', 'is', null), eb('licences.expires_at', '>', search.now)]));
    const { text, keyHash, keySuffix, accountLogin, orderPrefix } = search;
    if (keyHash) return builder.where('licences.key_hash', '=', keyHash);
    if (text || keySuffix || accountLogin || orderPrefix) {
      builder = builder.where((eb) => {
        const anyOf = [];
        if (text) {
          const pattern = sql<string>`${likePattern(text)} escape '\\'`;
          anyOf.push(eb(eb.fn('lower', ['users.email']), 'like', pattern));
          anyOf.push(eb(eb.fn('lower', ['robots.name']), 'like', pattern));
          anyOf.push(eb(eb.fn('lower', ['orders.robot_name']), 'like', pattern));
        }
        if (keySuffix) anyOf.push(eb('licences.key_suffix', '=', keySuffix));
        if (orderPrefix)
          anyOf.push(eb('licences.order_id', 'like', sql<string>`${startsWithPattern(orderPrefix)} escape '\\'`));
        // Any account the licence was ever bound to: a freed slot still tells whose it was.
        if (accountLogin)
          anyOf.push(
            eb.exists(
              eb
                .selectFrom('licence_activations')
                .select('licence_activations.id')
                .whereRef('licence_activations.licence_id', '=', 'licences.id')
                .where('licence_activations.account_login', '=', accountLogin),
            ),
          );
        return eb.or(anyOf);
      });
    }
    return builder;
  }

  async page(
    search: LicenceSearch,
    offset: number,
    limit: number,
  ): Promise<{ rows: AdminLicenceRow[]; total: number }> {
    const filtered = this.filtered(search);
    const [rows, count] = await Promise.all([
      filtered.orderBy('licences.created_at', 'desc').orderBy('licences.id').limit(limit).offset(offset).execute(),
      filtered
        .clearSelect()
        .select((eb) => eb.fn.countAll<number | string>().as('total'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  find(id: string): Promise<AdminLicenceRow | undefined> {
    return this.rows().where('licences.id', '=', id).executeTakeFirst();
  }

  /** Live activations first, then the freed ones, with who freed them; the newest first within each. */
  activations(licenceId: string) {
    return this.db
      .selectFrom('licence_activations')
      .leftJoin('users', 'users.id', 'licence_activations.freed_by')
      .select([
        'licence_activations.id',
        'licence_activations.account_login',
        'licence_activations.account_server',
        'licence_activations.account_mode',
        'licence_activations.slot',
        'licence_activations.platform',
        'licence_activations.ea_version',
        'licence_activations.first_seen_at',
        'licence_activations.last_seen_at',
        'licence_activations.freed_at',
        'licence_activations.freed_by_role',
        'users.email as freed_by_email',
      ])
      .where('licence_activations.licence_id', '=', licenceId)
      .orderBy(sql`case when licence_activations.freed_at is null then 0 else 1 end`)
      .orderBy('licence_activations.freed_at', 'desc')
      .orderBy('licence_activations.first_seen_at', 'desc')
      .orderBy('licence_activations.id')
      .execute();
  }

  async checks(licenceId: string, limit: number) {
    const [rows, count] = await Promise.all([
      this.db
        .selectFrom('licence_checks')
        .select([
          'id',
          'checked_at',
          'endpoint',
          'ip_address',
          'account_login',
          'account_server',
          'account_mode',
          'platform',
          'ea_version',
          'result',
        ])
        .where('licence_id', '=', licenceId)
        .orderBy('checked_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),
      this.db
        .selectFrom('licence_checks')
        .select((eb) => eb.fn.countAll<number | string>().as('total'))
        .where('licence_id', '=', licenceId)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  /** Revokes an active licence; false when it was revoked already (its first reason stays). */
  async revoke(id: string, note: string | null, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('licences')
      .set({ status: 'revoked', revoked_reason: 'owner', revoked_note: note, revoked_at: at, updated_at: at })
      .where('id', '=', id)
      .where('status', '=', 'active')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * Reinstates a revoked licence unless its order is closed meanwhile (refunded or cancelled): the
   * order's status is checked in the same statement, so a refund landing between the owner's
   * click and this write still wins. False when nothing changed.
   */
  async reinstate(id: string, closedStatuses: readonly OrderStatus[], at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('licences')
      .set({ status: 'active', revoked_reason: null, revoked_note: null, revoked_at: null, updated_at: at })
      .where('id', '=', id)
      .where('status', '=', 'revoked')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('orders')
              .select('orders.id')
              .whereRef('orders.id', '=', 'licences.order_id')
              .where('orders.status', 'in', [...closedStatuses]),
          ),
        ),
      )
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * Sets the expiry if it is still `from` (a compare-and-set: two extensions at once both count,
   * the later one reading the earlier's result). False when it changed meanwhile.
   */
  async setExpiry(id: string, from: string, to: string, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('licences')
      .set({ expires_at: to, updated_at: at })
      .where('id', '=', id)
      .where('expires_at', '=', from)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * Frees every live slot of the licence as an administrator (migration 0016: such frees do not
   * count toward the client's own); answers the accounts freed.
   */
  freeAllAsAdministrator(licenceId: string, actor: Actor, at: string) {
    return this.db
      .updateTable('licence_activations')
      .set({ freed_at: at, freed_by: actor.id, freed_by_role: 'administrator' })
      .where('licence_id', '=', licenceId)
      .where('freed_at', 'is', null)
      .returning(['account_login', 'account_server', 'account_mode'])
      .execute();
  }
}
