import { timeOrderedId } from '../../db/time-ordered-id.js';
import type { Kysely, Selectable } from 'kysely';
import type { Database, LicencesTable } from '../../db/schema.js';

/** A client's order, with its licence when it has one. */
export interface OwnOrderLicence {
  order_id: string;
  robot_name: string;
  licence: Selectable<LicencesTable> | null;
}

/** What a client's free writes: the activation given back, and the line on the order's timeline. */
export interface ClientFree {
  licenceId: string;
  orderId: string;
  activationId: string;
  at: string;
  by: { id: string; email: string };
  /** The timeline's detail: which account, so the owner sees what was freed. */
  detail: string;
}

/** The SQL of the client's licence page: their orders' licences, live activations and frees. */
export class ClientLicencesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Runs `work` in one transaction, on a repository of that transaction (joined if already in one). */
  async transaction<T>(work: (repository: ClientLicencesRepository) => Promise<T>): Promise<T> {
    if (this.db.isTransaction) return work(this);
    return this.db.transaction().execute((trx) => work(new ClientLicencesRepository(trx)));
  }

  /** The order if it is the user's, with its licence or null; undefined for an order that is not theirs. */
  async ownOrderLicence(orderId: string, userId: string): Promise<OwnOrderLicence | undefined> {
    const order = await this.db
      .selectFrom('orders')
      .select(['id', 'robot_name'])
      .where('id', '=', orderId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!order) return undefined;
    const licence = await this.db.selectFrom('licences').selectAll().where('order_id', '=', orderId).executeTakeFirst();
    return { order_id: order.id, robot_name: order.robot_name, licence: licence ?? null };
  }

  /** The licences of the user's orders (My Orders' "Licence" action), newest first. */
  ownLicences(userId: string) {
    return this.db
      .selectFrom('licences')
      .innerJoin('orders', 'orders.id', 'licences.order_id')
      .select(['licences.order_id', 'licences.status', 'licences.expires_at'])
      .where('orders.user_id', '=', userId)
      .orderBy('licences.created_at', 'desc')
      .orderBy('licences.id')
      .execute();
  }

  liveActivations(licenceId: string) {
    return this.db
      .selectFrom('licence_activations')
      .select([
        'id',
        'account_login',
        'account_server',
        'account_mode',
        'slot',
        'platform',
        'ea_version',
        'first_seen_at',
        'last_seen_at',
      ])
      .where('licence_id', '=', licenceId)
      .where('freed_at', 'is', null)
      .orderBy('account_mode', 'desc')
      .orderBy('slot')
      .execute();
  }

  /** When the client freed a slot of the licence since `since` (ISO), oldest first; administrators' frees left out. */
  async clientFreesSince(licenceId: string, since: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('licence_activations')
      .select('freed_at')
      .where('licence_id', '=', licenceId)
      .where('freed_by_role', '=', 'client')
      .where('freed_at', '>', since)
      .orderBy('freed_at')
      .execute();
    return rows.map((row) => row.freed_at!);
  }

  /**
   * Takes the licence's row lock for the rest of the transaction, if the licence is still active
   * and unexpired at `at`: two frees of one licence then count its frees one after the other
   * (PostgreSQL; SQLite runs one transaction at a time). False when it is no longer active.
   */
  async lockActiveLicence(licenceId: string, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('licences')
      .set({ updated_at: at })
      .where('id', '=', licenceId)
      .where('status', '=', 'active')
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', at)]))
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Gives the activation's slot back as the client, and writes the order's timeline line; false when it is not live. */
  async freeAsClient(free: ClientFree): Promise<boolean> {
    const result = await this.db
      .updateTable('licence_activations')
      .set({ freed_at: free.at, freed_by: free.by.id, freed_by_role: 'client' })
      .where('id', '=', free.activationId)
      .where('licence_id', '=', free.licenceId)
      .where('freed_at', 'is', null)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) return false;
    // The order's timeline (migration 0011) is the orders module's table; the line must commit
    // with the free or not at all, so it is written here, in the free's transaction.
    await this.db
      .insertInto('order_events')
      .values({
        id: timeOrderedId().id,
        order_id: free.orderId,
        occurred_at: free.at,
        kind: 'licence_slot_freed',
        actor: 'client',
        actor_id: free.by.id,
        actor_email: free.by.email,
        detail: free.detail,
      })
      .execute();
    return true;
  }
}
