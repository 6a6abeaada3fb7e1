import type { Kysely } from 'kysely';
import { shortOrderNumber } from '../../../shared/order-number.js';
import { closedOrderStatuses } from '../../../shared/order-states.js';
import {
  ADMIN_LICENCES_PAGE_SIZE,
  LICENCE_CHECKS_SHOWN,
  licenceRevokedReasons,
  maskedLicenceKey,
  type AdminLicence,
  type AdminLicenceDetail,
  type AdminLicencesPage,
  type AdminLicenceStatus,
  type LicenceResetAnswer,
  type LicenceRevokedReason,
} from '../../../shared/schemas/licences-admin.js';
import type { Database } from '../../db/schema.js';
import { ConflictError, NotFoundError } from '../../errors.js';
import type { AuditPort, Changes } from '../../http/audit-port.js';
import { keyedHash, open } from './licence-crypto.js';
import { canonicalKey, canonicalSuffix } from './licence-key.js';
import {
  LicencesAdminRepository,
  type Actor,
  type AdminLicenceRow,
  type LicenceLine,
  type LicenceSearch,
} from './licences-admin.repository.js';
import type { LicenceParts } from './licences.service.js';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, type AuditAction } from '../../../shared/audit-names.js';

const DAY_MS = 86_400_000;
/** Tries of an extension whose licence another write changed between its read and its write. */
const EXTEND_ATTEMPTS = 5;

/**
 * The owner's Licences page (issue 18 §2, decision 0017): find a licence by its key's last group
 * (or the whole key), the client's email, an account, the robot or the order number; see its
 * activations and its robots' checks; revoke, reinstate, extend it and reset its slots. Every
 * change is on the order's timeline and in the activity log; the robot's next check answers by
 * the new state, since the licence API reads the licence at every check.
 */
export class LicencesAdminService {
  private readonly repository: LicencesAdminRepository;

  constructor(
    db: Kysely<Database>,
    private readonly parts: Pick<LicenceParts, 'keys'>,
    private readonly audit: AuditPort,
    private readonly now: () => number = Date.now,
  ) {
    this.repository = new LicencesAdminRepository(db);
  }

  async list(query: { q?: string | undefined; status?: AdminLicenceStatus | undefined; page: number }) {
    const search: LicenceSearch = { ...this.searchOf(query.q ?? ''), now: this.nowIso() };
    if (query.status) search.status = query.status;
    const { rows, total } = await this.repository.page(
      search,
      (query.page - 1) * ADMIN_LICENCES_PAGE_SIZE,
      ADMIN_LICENCES_PAGE_SIZE,
    );
    return {
      items: rows.map((row) => this.view(row)),
      total,
      page: query.page,
      page_size: ADMIN_LICENCES_PAGE_SIZE,
    } satisfies AdminLicencesPage;
  }

  async detail(id: string): Promise<AdminLicenceDetail> {
    const row = await this.find(id);
    const [activations, checks] = await Promise.all([
      this.repository.activations(id),
      this.repository.checks(id, LICENCE_CHECKS_SHOWN),
    ]);
    return {
      ...this.view(row),
      key: open(this.parts.keys.licenceKeys, row.key_sealed, row.id),
      client_name: row.client_name,
      revoked_at: row.revoked_at,
      revoked_note: row.revoked_note,
      activations,
      checks: checks.rows,
      checks_total: checks.total,
    };
  }

  /**
   * The robot's next check is refused (`revoked`). Revoking a revoked licence changes nothing.
   * The change and its line on the order's timeline commit together; then the activity log.
   */
  async revoke(id: string, reason: string | undefined, actor: Actor): Promise<AdminLicence> {
    const before = await this.find(id);
    const note = reason?.trim() || null;
    const at = this.nowIso();
    const changed = await this.repository.transaction(async (repository) => {
      if (!(await repository.revoke(id, note, at))) return false;
      await repository.addOrderLine({ ...this.lineOf(before, 'licence_revoked', actor, at), note });
      return true;
    });
    if (changed)
      await this.record(actor, AUDIT_ACTIONS.revoke, before, {
        status: { from: this.statusOf(before), to: 'revoked' },
        ...(note ? { reason: { from: null, to: note } } : {}),
      });
    return this.view(await this.find(id));
  }

  /**
   * The robot's next check is accepted again. A licence whose order is refunded or cancelled stays
   * revoked (decision 0017: the order's status wins): 409, saying why.
   */
  async reinstate(id: string, actor: Actor): Promise<AdminLicence> {
    const before = await this.find(id);
    if (before.status === 'active') return this.view(before);
    this.refuseClosedOrder(before);
    const at = this.nowIso();
    const changed = await this.repository.transaction(async (repository) => {
      if (!(await repository.reinstate(id, closedOrderStatuses, at))) return false;
      await repository.addOrderLine(this.lineOf(before, 'licence_reinstated', actor, at));
      return true;
    });
    const after = await this.find(id);
    // Not changed: someone reinstated it first, or its order was closed meanwhile.
    if (!changed) {
      this.refuseClosedOrder(after);
      return this.view(after);
    }
    await this.record(actor, AUDIT_ACTIONS.reinstate, before, {
      status: { from: 'revoked', to: this.statusOf(after) },
    });
    return this.view(after);
  }

  /**
   * Moves the expiry `days` later: from the current expiry, or from now when it has passed (an
   * expired licence gets `days` from today, not the rest of a period already gone). A lifetime
   * licence has no expiry to move: 409.
   */
  async extend(id: string, days: number, actor: Actor): Promise<AdminLicence> {
    for (let attempt = 0; attempt < EXTEND_ATTEMPTS; attempt++) {
      const before = await this.find(id);
      if (before.expires_at === null)
        throw new ConflictError('This licence is for life: there is no expiry to extend.', 'licence_lifetime');
      const from = before.expires_at;
      const at = this.now();
      const to = new Date(Math.max(Date.parse(from), at) + days * DAY_MS).toISOString();
      const atIso = new Date(at).toISOString();
      const changed = await this.repository.transaction(async (repository) => {
        if (!(await repository.setExpiry(id, from, to, atIso))) return false;
        const line = this.lineOf(before, 'licence_extended', actor, atIso);
        // Read on the order as the shop's clock has it: minutes are enough.
        const until = `${to.slice(0, 10)} ${to.slice(11, 16)} UTC`;
        await repository.addOrderLine({ ...line, detail: `${line.detail}: +${days} days, until ${until}` });
        return true;
      });
      if (!changed) continue;
      await this.record(actor, AUDIT_ACTIONS.extend, before, { expires_at: { from, to }, days: { from: 0, to: days } });
      return this.view(await this.find(id));
    }
    throw new ConflictError('The licence is being changed by someone else; try again.');
  }

  /**
   * Frees every account's slot: their robots' next validation answers `not_activated` (a robot
   * then activates again, taking a slot if one is free). The frees are the owner's: they do not
   * count toward the client's own (migration 0016's `freed_by_role`).
   */
  async resetSlots(id: string, actor: Actor): Promise<LicenceResetAnswer> {
    const before = await this.find(id);
    const at = this.nowIso();
    const freed = await this.repository.transaction(async (repository) => {
      const accounts = await repository.freeAllAsAdministrator(id, actor, at);
      if (accounts.length === 0) return 0;
      const line = this.lineOf(before, 'licence_slots_reset', actor, at);
      const which = accounts
        .map((account) => `${account.account_mode} account ${account.account_login} on ${account.account_server}`)
        .join('; ');
      await repository.addOrderLine({ ...line, detail: `${line.detail}: ${which}` });
      return accounts.length;
    });
    if (freed > 0) {
      const used = (mode: 'real' | 'demo') => Number(mode === 'real' ? before.real_used : before.demo_used);
      await this.record(actor, AUDIT_ACTIONS.resetSlots, before, {
        real_slots_used: { from: used('real'), to: 0 },
        demo_slots_used: { from: used('demo'), to: 0 },
      });
    }
    return { licence: this.view(await this.find(id)), freed };
  }

  /** The order's timeline line of an action: which licence (its key's last group), by whom, when. */
  private lineOf(row: AdminLicenceRow, kind: LicenceLine['kind'], by: Actor, at: string): LicenceLine {
    return { orderId: row.order_id, kind, by, at, detail: maskedLicenceKey(row.key_suffix) };
  }

  /**
   * What the typed text can be. A whole key is looked up by its hash alone (the exact licence);
   * anything else is tried as a key's last group, an account number, an order number, and inside
   * the client's email and the robot's name.
   */
  private searchOf(typed: string): Omit<LicenceSearch, 'now'> {
    const text = typed.trim();
    if (!text) return {};
    const canonical = canonicalKey(text);
    if (canonical) return { keyHash: keyedHash(this.parts.keys.lookup, canonical) };
    const search: Omit<LicenceSearch, 'now'> = { text: text.toLowerCase() };
    const suffix = canonicalSuffix(text);
    if (suffix) search.keySuffix = suffix;
    if (/^[0-9]{1,20}$/.test(text)) search.accountLogin = text;
    // An order number is the start of its id (SPEC §9: the first 8 characters).
    const order = text.replace(/^#/, '').toLowerCase();
    if (/^[0-9a-f-]{4,36}$/.test(order)) search.orderPrefix = order;
    return search;
  }

  private async find(id: string): Promise<AdminLicenceRow> {
    const row = await this.repository.find(id);
    if (!row) throw new NotFoundError('No such licence.');
    return row;
  }

  private refuseClosedOrder(row: AdminLicenceRow): void {
    if (closedOrderStatuses.includes(row.order_status))
      throw new ConflictError(
        `The order of this licence was ${row.order_status}: its licence stays revoked (a closed order takes its licence away).`,
        'licence_order_closed',
      );
  }

  private statusOf(row: Pick<AdminLicenceRow, 'status' | 'expires_at'>): AdminLicenceStatus {
    if (row.status === 'revoked') return 'revoked';
    return row.expires_at !== null && Date.parse(row.expires_at) <= this.now() ? 'expired' : 'active';
  }

  private view(row: AdminLicenceRow): AdminLicence {
    const reason = row.revoked_reason;
    return {
      id: row.id,
      key_suffix: row.key_suffix,
      robot_id: row.robot_id,
      robot_name: row.robot_name,
      user_id: row.user_id,
      client_email: row.client_email,
      order_id: row.order_id,
      order_status: row.order_status,
      status: this.statusOf(row),
      revoked_reason:
        row.status !== 'revoked' || reason === null
          ? null
          : (licenceRevokedReasons as readonly string[]).includes(reason)
            ? (reason as LicenceRevokedReason)
            : 'owner',
      expires_at: row.expires_at,
      slots: {
        real: { used: Number(row.real_used), total: row.real_slots },
        demo: { used: Number(row.demo_used), total: row.demo_slots },
      },
      last_check_at: row.last_check_at,
      created_at: row.created_at,
    };
  }

  /** The activity log's line: the key never, only its last group, the robot and the order number. */
  private record(actor: Actor, action: AuditAction, row: AdminLicenceRow, changes: Changes) {
    return this.audit.record({
      actor,
      action,
      resource: AUDIT_ENTITIES.licence,
      recordId: row.id,
      summary: `${maskedLicenceKey(row.key_suffix)} · ${row.robot_name} · #${shortOrderNumber(row.order_id)}`,
      changes,
    });
  }

  private nowIso(): string {
    return new Date(this.now()).toISOString();
  }
}
