import {
  FREE_SLOT_LIMIT,
  FREE_SLOT_WINDOW_DAYS,
  type ClientLicence,
  type ClientLicenceStatus,
  type LicensedOrder,
} from '../../../shared/schemas/client-licences.js';
import type { CurrentUser } from '../../../shared/schemas/users.js';
import { AppError, ConflictError, NotFoundError } from '../../errors.js';
import type { ClientLicencesRepository } from './client-licences.repository.js';
import { open, type LicenceKeys } from './licence-crypto.js';
import type { LicenceRow } from './licences.repository.js';

const DAY_MS = 86_400_000;

/** The status a client reads: a licence past its expiry is expired, whatever its stored status. */
function clientStatus(licence: { status: 'active' | 'revoked'; expires_at: string | null }, at: number) {
  if (licence.status === 'revoked') return 'revoked' satisfies ClientLicenceStatus;
  if (licence.expires_at !== null && Date.parse(licence.expires_at) <= at)
    return 'expired' satisfies ClientLicenceStatus;
  return 'active' satisfies ClientLicenceStatus;
}

/** '2026-12-30 10:00 UTC': the server's messages name a moment the same way for every reader. */
function utcMinute(iso: string): string {
  return `${iso.slice(0, 16).replace('T', ' ')} UTC`;
}

/** The start of the window in which a client's frees count. */
function windowStart(at: number): string {
  return new Date(at - FREE_SLOT_WINDOW_DAYS * DAY_MS).toISOString();
}

/** When the next free is possible: the moment enough of the window's frees have left it, or null. */
function nextFreeAt(frees: readonly string[]): string | null {
  if (frees.length < FREE_SLOT_LIMIT) return null;
  return new Date(Date.parse(frees[frees.length - FREE_SLOT_LIMIT]!) + FREE_SLOT_WINDOW_DAYS * DAY_MS).toISOString();
}

/**
 * The client's licence page (issue 18 §2, decision 0017): the licence of one of their own orders,
 * with its key opened, and freeing a slot, at most FREE_SLOT_LIMIT times in FREE_SLOT_WINDOW_DAYS.
 * Another client's order answers exactly as a missing one, administrators included: they have
 * their own page.
 */
export class ClientLicencesService {
  constructor(
    private readonly repository: ClientLicencesRepository,
    private readonly keys: Pick<LicenceKeys, 'licenceKeys'>,
    private readonly now: () => number = Date.now,
  ) {}

  async licenceOfOrder(user: CurrentUser, orderId: string): Promise<ClientLicence> {
    const at = this.now();
    return this.view(this.repository, await this.own(this.repository, user, orderId), at);
  }

  async ownLicences(user: CurrentUser): Promise<LicensedOrder[]> {
    const at = this.now();
    return (await this.repository.ownLicences(user.id)).map((row) => ({
      order_id: row.order_id,
      status: clientStatus(row, at),
      expires_at: row.expires_at,
    }));
  }

  /**
   * Gives the activation's slot back: the account's next check is refused (`not_activated`) and
   * another account of its mode can take the slot. In one transaction that holds the licence's
   * lock, so two frees at once (two tabs) count each other. A revoked or expired licence keeps
   * its slots: freeing them would spend the client's frees on a licence that runs nowhere.
   */
  async free(user: CurrentUser, orderId: string, activationId: string): Promise<ClientLicence> {
    return this.repository.transaction(async (repository) => {
      const at = this.now();
      const iso = new Date(at).toISOString();
      const own = await this.own(repository, user, orderId);
      const { licence } = own;
      const status = clientStatus(licence, at);
      if (status !== 'active' || !(await repository.lockActiveLicence(licence.id, iso)))
        throw new ConflictError(
          `This licence is ${status === 'active' ? 'no longer active' : status}: its slots cannot be freed.`,
          'licence_inactive',
        );
      const activation = (await repository.liveActivations(licence.id)).find((row) => row.id === activationId);
      if (!activation) throw new NotFoundError('This licence has no such activation.');
      const next = nextFreeAt(await repository.clientFreesSince(licence.id, windowStart(at)));
      if (next !== null)
        throw new ConflictError(
          `You have freed ${FREE_SLOT_LIMIT} slots in the last ${FREE_SLOT_WINDOW_DAYS} days: the next free is possible from ${utcMinute(next)}.`,
          'free_limit_reached',
        );
      const freed = await repository.freeAsClient({
        licenceId: licence.id,
        orderId,
        activationId,
        at: iso,
        by: { id: user.id, email: user.email },
        detail: `${activation.account_mode} account ${activation.account_login} on ${activation.account_server}`,
      });
      // Freed meanwhile by a writer that does not take the licence's lock (an owner's reset).
      if (!freed) throw new NotFoundError('This licence has no such activation.');
      return this.view(repository, own, at);
    });
  }

  /** The user's order and its licence; 404 for an order that is not theirs, as for a missing one. */
  private async own(repository: ClientLicencesRepository, user: CurrentUser, orderId: string) {
    const own = await repository.ownOrderLicence(orderId, user.id);
    if (!own) throw new NotFoundError('Order not found.');
    const { licence } = own;
    if (!licence) throw new AppError(404, 'no_licence', 'This order has no licence.');
    return { ...own, licence };
  }

  private async view(
    repository: ClientLicencesRepository,
    { order_id, robot_name, licence }: { order_id: string; robot_name: string; licence: LicenceRow },
    at: number,
  ): Promise<ClientLicence> {
    const activations = await repository.liveActivations(licence.id);
    const frees = await repository.clientFreesSince(licence.id, windowStart(at));
    const used = (mode: 'real' | 'demo') => activations.filter((row) => row.account_mode === mode).length;
    return {
      order_id,
      robot_name,
      key: open(this.keys.licenceKeys, licence.key_sealed, licence.id),
      status: clientStatus(licence, at),
      expires_at: licence.expires_at,
      created_at: licence.created_at,
      slots: {
        real: { used: used('real'), total: licence.real_slots },
        demo: { used: used('demo'), total: licence.demo_slots },
      },
      activations: activations.map((row) => ({
        id: row.id,
        account_login: row.account_login,
        account_server: row.account_server,
        account_mode: row.account_mode,
        platform: row.platform,
        ea_version: row.ea_version,
        first_seen_at: row.first_seen_at,
        last_seen_at: row.last_seen_at,
      })),
      frees: {
        used: frees.length,
        limit: FREE_SLOT_LIMIT,
        window_days: FREE_SLOT_WINDOW_DAYS,
        next_free_at: nextFreeAt(frees),
      },
    };
  }
}
