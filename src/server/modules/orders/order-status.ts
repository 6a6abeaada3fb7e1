import type { FastifyBaseLogger } from 'fastify';
import type { Insertable } from 'kysely';
import { nextOrderStatus, type OrderActor, type OrderEvent, type OrderStatus } from '../../../shared/order-states.js';
import { ConflictError, NotFoundError } from '../../errors.js';
import type { OrdersTable } from '../../db/schema.js';
import type { OrderChanges } from '../../realtime/order-changes.js';
import type { AuditPort } from '../../http/audit-port.js';
import type { AutomaticDelivery } from './automatic-delivery.js';
import { auditOrderChange } from './order-audit.js';
import type { OrderEmails } from './order-emails.js';
import type { OrderRow, OrdersRepository, StatusChangeEntry, StatusWriteColumns } from './orders.repository.js';

export type StatusChange = {
  /** The order as the change left it (or as it was, unchanged). */
  order: OrderRow;
  /** The order the change was decided on. */
  before: OrderRow;
  changed: boolean;
  /** Why `prepare` left the order as it was, if it did. */
  skipped: string | null;
};

/** More writes that belong to a status change, made in its transaction with the order written. */
export type AlsoInTransaction = (orders: OrdersRepository, after: OrderRow) => Promise<void>;

/**
 * An event, or how to tell it from the order as read in the transaction that changes it (money
 * reported for a cancelled order depends on who cancelled it).
 */
export type EventOf = OrderEvent | ((current: OrderRow, orders: OrdersRepository) => Promise<OrderEvent>);

/** What goes with one status change, beside the status itself. */
export interface ApplyOptions {
  /** The administrator who acts, and the note for the order's timeline. */
  by?: StatusChangeEntry['by'];
  note?: string | null;
  /**
   * Looks at the order as read in the transaction that changes it: a reason to leave it as it is,
   * or the columns (and the timeline note) that go with the change.
   */
  prepare?: (current: OrderRow) => { skip: string } | { columns?: StatusWriteColumns; note?: string | null };
  /** Written in the same transaction as the change, or as the decision to change nothing. */
  alongside?: (orders: OrdersRepository, change: StatusChange) => Promise<void>;
}

/**
 * What follows an order's status beyond the order itself: its licence (modules/licences), issued
 * once the order is paid and revoked once it is refunded or cancelled. Idempotent.
 */
export interface OrderLicences {
  followOrderStatus(order: Pick<OrderRow, 'id' | 'status'>): Promise<void>;
}

/**
 * How `apply` runs one try of a change in a transaction: alone by default; on SQLite the tries of
 * one event-loop turn share one (GroupedOrderWrites), so that a burst of payment callbacks is one
 * commit instead of one each (issue 21 §6). A try writes nothing outside the database, so it may
 * run a second time alone when the shared transaction fails.
 */
export type ChangeTransaction = <T>(work: (orders: OrdersRepository) => Promise<T>) => Promise<T>;

/**
 * Applies an order event through the one transition function, with a compare-and-set on the
 * status so that a callback and an administrator acting at the same moment cannot both win on a
 * stale read. One transaction holds the change, its line in the order's timeline, the emails that
 * go with the new status (the email outbox, decision 0015) and what the caller adds (a callback's
 * record, decision 0014): a crash between them leaves none. An order of a robot delivered
 * automatically that becomes paid is completed with the robot's current release in the same
 * transaction (decision 0018). Once it commits, the waiting pages are told, the emails leave and
 * the order's licence follows its status.
 */
export class OrderStatusChanger {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly changes: OrderChanges,
    private readonly emails: OrderEmails,
    private readonly log: FastifyBaseLogger,
    private readonly licences: OrderLicences,
    private readonly delivery: Pick<AutomaticDelivery, 'afterPaid'>,
    private readonly audit: AuditPort,
    private readonly changeTransaction: ChangeTransaction = (work) => orders.transaction(work),
  ) {}

  async apply(orderId: string, event: EventOf, actor: OrderActor, options: ApplyOptions = {}): Promise<StatusChange> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const change = await this.changeTransaction((orders) => this.attempt(orders, orderId, event, actor, options));
      if (!change) continue;
      if (change.changed) await this.afterCommit(change.order);
      // A repeat heals a licence that could not be issued when the status first changed.
      else await this.licences.followOrderStatus(change.order);
      return change;
    }
    throw new ConflictError('The order is being changed by someone else; try again.');
  }

  /** One try: undefined when another writer changed the status between the read and the write. */
  private async attempt(
    orders: OrdersRepository,
    orderId: string,
    eventOf: EventOf,
    actor: OrderActor,
    options: ApplyOptions,
  ): Promise<StatusChange | undefined> {
    const current = await orders.findById(orderId);
    if (!current) throw new NotFoundError('Order not found.');
    refuseTrialByHand(current, actor);
    const event = typeof eventOf === 'function' ? await eventOf(current, orders) : eventOf;
    const transition = nextOrderStatus(current.status, event, actor);
    if (!transition.ok) throw new ConflictError(transition.reason);
    const prepared = transition.changed ? options.prepare?.(current) : undefined;
    if (!transition.changed || (prepared && 'skip' in prepared)) {
      const skipped = prepared && 'skip' in prepared ? prepared.skip : null;
      const change: StatusChange = { order: current, before: current, changed: false, skipped };
      await options.alongside?.(orders, change);
      return change;
    }
    const entry: StatusChangeEntry = {
      actor,
      by: options.by ?? null,
      kind: event.type,
      note: prepared?.note ?? options.note ?? null,
    };
    const updated = await this.writeIn(orders, current, transition.next, entry, prepared?.columns);
    if (!updated) return undefined;
    const change: StatusChange = { order: updated, before: current, changed: true, skipped: null };
    await options.alongside?.(orders, change);
    return change;
  }

  /**
   * Writes `to`, a status nextOrderStatus decided from `before`, with the columns that go with
   * it, only if the order is still in `before.status`; in the same transaction, its timeline line
   * (`entry`), the emails of the change and whatever `also` writes. Undefined, with nothing
   * written, when the order changed meanwhile. For changes decided outside `apply` (a payment
   * restart, a file delivery, whose work comes before the write).
   */
  async write(
    before: OrderRow,
    to: OrderStatus,
    entry: StatusChangeEntry,
    columns: StatusWriteColumns = {},
    also?: AlsoInTransaction,
  ): Promise<OrderRow | undefined> {
    refuseTrialByHand(before, entry.actor);
    const after = await this.orders.transaction(async (orders) => {
      const updated = await this.writeIn(orders, before, to, entry, columns);
      if (updated) await also?.(orders, updated);
      return updated;
    });
    if (after) await this.afterCommit(after);
    return after;
  }

  /** The compare-and-set with its timeline line, and the emails the new status sends, in `orders`' transaction. */
  private async writeIn(
    orders: OrdersRepository,
    before: OrderRow,
    to: OrderStatus,
    entry: StatusChangeEntry,
    columns: StatusWriteColumns = {},
  ): Promise<OrderRow | undefined> {
    const updated = await orders.compareAndSetStatus(before.id, before.status, to, entry, columns);
    if (!updated || before.status === updated.status) return updated;
    // A file delivery is logged by its caller, in one line with the file and its version.
    if (entry.kind !== 'file_delivered')
      await auditOrderChange(this.audit, orders.db, updated, entry, {
        status: { from: before.status, to: updated.status },
      });
    if (updated.status === 'paid') {
      const delivery = await this.delivery.afterPaid(orders, updated);
      if (delivery.kind === 'delivered')
        await auditOrderChange(
          this.audit,
          orders.db,
          delivery.order,
          { actor: 'shop', kind: 'release_delivered', note: delivery.version.label },
          {
            status: { from: updated.status, to: delivery.order.status },
            file: { from: null, to: delivery.version.file_name },
          },
        );
      // A free trial (decision 0020) was not paid: its own email is its service's, and if it
      // found no release, the trial is undone by its caller; nobody is told of a payment.
      if (updated.trial) return delivery.kind === 'delivered' ? delivery.order : updated;
      if (delivery.kind === 'delivered') {
        // Paid and delivered at once: the client hears that the robot is ready.
        await this.emails.toClientAndAdministrators(
          'delivered',
          delivery.order,
          orders,
          'adminDelivered',
          delivery.version.label,
        );
        return delivery.order;
      }
      const about = delivery.kind === 'missing' ? 'adminNoRelease' : 'adminPaid';
      await this.emails.toClientAndAdministrators('paid', updated, orders, about);
    }
    // Decision 0014: the client learns that their payment is being checked, and of a refund, in
    // the language they ordered in.
    if (updated.status === 'needs_review') await this.emails.toClient('underReview', updated, orders);
    if (updated.status === 'refunded') await this.emails.toClient('refunded', updated, orders);
    return updated;
  }

  /** Once a change committed: the waiting pages are told, its emails leave, its licence follows. */
  private async afterCommit(after: OrderRow): Promise<void> {
    this.announce(after.id);
    this.emails.sendSoon();
    // After the commit: issuing is idempotent, and a repeated report heals a failure here.
    await this.licences.followOrderStatus(after);
  }

  announce(orderId: string): void {
    this.changes
      .publish(orderId)
      .catch((error: unknown) => this.log.error({ err: error, orderId }, 'order change could not be published'));
  }

  /**
   * Writes a new order and applies its first event in one transaction, with everything that event
   * brings (its timeline line, emails, an automatic delivery): a free trial is created paid and
   * delivered at once (decision 0020). `alongside` writes in the same transaction, given the order
   * as the event left it, and may throw to write none of it. After the commit, as for any change:
   * pages, emails, licence.
   */
  async insertAndApply(
    row: Insertable<OrdersTable>,
    event: OrderEvent,
    actor: OrderActor,
    alongside?: AlsoInTransaction,
  ): Promise<OrderRow> {
    const after = await this.orders.transaction(async (orders) => {
      const inserted = await orders.insert(row);
      const transition = nextOrderStatus(inserted.status, event, actor);
      if (!transition.ok) throw new ConflictError(transition.reason);
      const updated = transition.changed
        ? await this.writeIn(orders, inserted, transition.next, { actor, kind: event.type })
        : inserted;
      // Nothing else can see the order before this transaction commits.
      if (!updated) throw new Error(`order ${inserted.id} changed inside its own transaction`);
      await alongside?.(orders, updated);
      return updated;
    });
    await this.afterCommit(after);
    return after;
  }
}

/**
 * A free trial (decision 0020) was never paid: an administrator cannot mark it paid, refund it,
 * cancel it, set its status or deliver it by hand. Its status is the shop's; it ends on its date.
 */
function refuseTrialByHand(order: OrderRow, actor: OrderActor): void {
  if (order.trial && actor === 'administrator')
    throw new ConflictError(
      'This order is a free trial: nothing was paid, so it cannot be marked paid, refunded, cancelled, delivered or set by hand. It ends by itself on its end date.',
      'trial_order',
    );
}
