import { randomUUID } from 'node:crypto';
import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import { MAX_DOWNLOADS_PER_ORDER } from '../../../shared/constants.js';
import { downloadableStatus, paidStatuses, type OrderActor, type OrderStatus } from '../../../shared/order-states.js';
import type { AdminOrdersQuery } from '../../../shared/schemas/orders.js';
import type { Database, OrdersTable } from '../../db/schema.js';

export type OrderRow = Selectable<OrdersTable>;
export type AdminOrderRow = OrderRow & { client_email: string | null; client_name: string | null };
export type TimelineRow = Awaited<ReturnType<OrdersRepository['timeline']>>[number];

/**
 * What changes with a status: a payment restart moves the last attempt's ids aside, a delivery
 * stores the file, a payment report stores what was paid and the owner's flags.
 */
export type StatusWriteColumns = Partial<
  Pick<
    Updateable<OrdersTable>,
    | 'payment_id'
    | 'pay_url'
    | 'file_path'
    | 'file_name'
    | 'amount_paid'
    | 'paid_currency'
    | 'payment_flags'
    | 'payment_retries'
    | 'earlier_payment_ids'
  >
>;

/** Who changed an order's status, and why: one line of the order's timeline. */
export interface TimelineEntry {
  actor: OrderActor;
  /** The administrator, when one acted. */
  by?: { id: string; email: string } | null;
  event: string;
  note?: string | null;
}

/** `%`, `_` and `\` match themselves in a LIKE pattern built from what an administrator typed. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export class OrdersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Runs `work` with a repository whose every query is in one transaction (or in the transaction
   * this repository already belongs to): all of its writes or none. `work` must use only the
   * repository it is given; on SQLite's single connection, another query would wait for ever.
   */
  async inTransaction<T>(work: (orders: OrdersRepository) => Promise<T>): Promise<T> {
    if (this.db.isTransaction) return work(this);
    return this.db.transaction().execute((trx) => work(new OrdersRepository(trx)));
  }

  async insert(order: Insertable<OrdersTable>): Promise<OrderRow> {
    return this.db.insertInto('orders').values(order).returningAll().executeTakeFirstOrThrow();
  }

  async findById(id: string): Promise<OrderRow | undefined> {
    return this.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async findOwn(id: string, userId: string): Promise<OrderRow | undefined> {
    return this.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  async findByIdempotencyKey(userId: string, key: string): Promise<OrderRow | undefined> {
    return this.db
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', userId)
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
  }

  async listOwn(userId: string): Promise<OrderRow[]> {
    return this.db
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_date', 'desc')
      .orderBy('id')
      .execute();
  }

  /**
   * Writes the status the state machine decided (with the columns that go with it) only if the
   * status is still `from`, the one it decided from: two writers never both win. The change and
   * its line in the order's timeline are written together.
   */
  async compareAndSetStatus(
    id: string,
    from: OrderStatus,
    to: OrderStatus,
    entry: TimelineEntry,
    columns: StatusWriteColumns = {},
  ): Promise<OrderRow | undefined> {
    return this.inTransaction(async (orders) => {
      const now = new Date().toISOString();
      const updated = await orders.db
        .updateTable('orders')
        .set({ ...columns, status: to, updated_at: now })
        .where('id', '=', id)
        .where('status', '=', from)
        .returningAll()
        .executeTakeFirst();
      if (!updated) return undefined;
      await orders.db
        .insertInto('order_events')
        .values({
          id: randomUUID(),
          order_id: id,
          created_at: now,
          actor: entry.actor,
          actor_id: entry.by?.id ?? null,
          actor_email: entry.by?.email ?? null,
          event: entry.event,
          from_status: from,
          to_status: to,
          note: entry.note ?? null,
          // A payment report's amount and flags stay on its line: the order keeps only the last.
          amount_paid: columns.amount_paid ?? null,
          paid_currency: columns.paid_currency ?? null,
          payment_flags: columns.payment_flags ?? null,
        })
        .execute();
      return updated;
    });
  }

  /**
   * Whether the order was cancelled unpaid, by its client or by the shop (issue 17 §3), rather
   * than by an administrator's resolution: the last line of its timeline that cancelled it says.
   */
  async wasCancelledUnpaid(orderId: string): Promise<boolean> {
    const line = await this.db
      .selectFrom('order_events')
      .select('event')
      .where('order_id', '=', orderId)
      .where('to_status', '=', 'cancelled')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return line?.event === 'client_cancelled' || line?.event === 'unpaid_expired';
  }

  /**
   * Orders waiting for their payment since before `before` (ISO): created then, and untouched
   * since (a payment page asked for later counts as waiting again from then). Oldest first.
   */
  async waitingForPaymentSince(before: string, limit: number): Promise<OrderRow[]> {
    return this.db
      .selectFrom('orders')
      .selectAll()
      .where('status', '=', 'pending_payment')
      .where('created_date', '<', before)
      .where('updated_at', '<', before)
      .orderBy('created_date')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** Stores the payment page of the attempt started in `status`, unless the status changed meanwhile. */
  async setPayment(
    id: string,
    status: OrderStatus,
    paymentId: string | null,
    payUrl: string,
  ): Promise<OrderRow | undefined> {
    return this.db
      .updateTable('orders')
      .set({ payment_id: paymentId, pay_url: payUrl, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .where('status', '=', status)
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Counts one download in a single statement, so parallel requests can never go past the limit:
   * the row changes only while it is still under it. Undefined when nothing was counted.
   */
  async claimDownload(id: string, userId: string): Promise<OrderRow | undefined> {
    return this.db
      .updateTable('orders')
      .set((eb) => ({ download_count: eb('download_count', '+', 1) }))
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('status', '=', downloadableStatus)
      .where('file_path', 'is not', null)
      .where('download_count', '<', MAX_DOWNLOADS_PER_ORDER)
      .returningAll()
      .executeTakeFirst();
  }

  async recordDownload(orderId: string, ipAddress: string | null, userAgent: string | null): Promise<void> {
    await this.db
      .insertInto('order_downloads')
      .values({
        id: randomUUID(),
        order_id: orderId,
        downloaded_at: new Date().toISOString(),
        ip_address: ipAddress,
        user_agent: userAgent,
      })
      .execute();
  }

  async recordCallback(entry: {
    orderId: string;
    payload: string;
    signature: string;
    statusWord: string | null;
    outcome: string;
    detail: string | null;
  }): Promise<void> {
    await this.db
      .insertInto('order_payment_callbacks')
      .values({
        id: randomUUID(),
        order_id: entry.orderId,
        received_at: new Date().toISOString(),
        payload: entry.payload,
        signature: entry.signature,
        status_word: entry.statusWord,
        outcome: entry.outcome,
        detail: entry.detail,
      })
      .execute();
  }

  async delete(id: string): Promise<OrderRow | undefined> {
    return this.db.deleteFrom('orders').where('id', '=', id).returningAll().executeTakeFirst();
  }

  /** Gives back up to `extra` used downloads (the count never goes below zero) and records it. */
  async grantDownloads(id: string, extra: number, grantedBy: string): Promise<OrderRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('orders')
        .set({
          download_count: sql<number>`case when download_count > ${extra} then download_count - ${extra} else 0 end`,
          updated_at: new Date().toISOString(),
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      if (!row) return undefined;
      await trx
        .insertInto('order_download_grants')
        .values({ id: randomUUID(), order_id: id, granted_by: grantedBy, granted_at: new Date().toISOString(), extra })
        .execute();
      return row;
    });
  }

  private adminOrders() {
    return this.db
      .selectFrom('orders')
      .leftJoin('users', 'users.id', 'orders.user_id')
      .selectAll('orders')
      .select(['users.email as client_email', 'users.full_name as client_name']);
  }

  private filtered(query: Pick<AdminOrdersQuery, 'status' | 'q'>) {
    let builder = this.adminOrders();
    if (query.status) builder = builder.where('orders.status', '=', query.status);
    const q = query.q?.trim();
    if (q) {
      const pattern = likePattern(q);
      builder = builder.where((eb) =>
        eb.or([
          eb(eb.fn('lower', ['orders.id']), 'like', sql<string>`${pattern} escape '\\'`),
          eb(eb.fn('lower', ['orders.robot_name']), 'like', sql<string>`${pattern} escape '\\'`),
          eb(eb.fn('lower', ['users.email']), 'like', sql<string>`${pattern} escape '\\'`),
          eb(eb.fn('lower', ['users.full_name']), 'like', sql<string>`${pattern} escape '\\'`),
          eb(eb.fn('lower', ['orders.telegram_username']), 'like', sql<string>`${pattern} escape '\\'`),
        ]),
      );
    }
    return builder;
  }

  async adminPage(
    query: Pick<AdminOrdersQuery, 'status' | 'q'>,
    offset: number,
    limit: number,
  ): Promise<{ items: AdminOrderRow[]; total: number }> {
    const filtered = this.filtered(query);
    const [items, count] = await Promise.all([
      filtered.orderBy('orders.created_date', 'desc').orderBy('orders.id').limit(limit).offset(offset).execute(),
      filtered
        .clearSelect()
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow(),
    ]);
    return { items, total: Number(count.total) };
  }

  /** Every matching order, newest first, read in batches (for the CSV export). */
  async *adminAll(query: Pick<AdminOrdersQuery, 'status' | 'q'>, batchSize = 500): AsyncGenerator<AdminOrderRow[]> {
    for (let offset = 0; ; offset += batchSize) {
      const batch = await this.filtered(query)
        .orderBy('orders.created_date', 'desc')
        .orderBy('orders.id')
        .limit(batchSize)
        .offset(offset)
        .execute();
      if (batch.length > 0) yield batch;
      if (batch.length < batchSize) return;
    }
  }

  async adminFind(id: string): Promise<AdminOrderRow | undefined> {
    return this.adminOrders().where('orders.id', '=', id).executeTakeFirst();
  }

  async callbacks(orderId: string) {
    return this.db
      .selectFrom('order_payment_callbacks')
      .select(['id', 'received_at', 'payload', 'signature', 'status_word', 'outcome', 'detail'])
      .where('order_id', '=', orderId)
      .orderBy('received_at', 'desc')
      .orderBy('id')
      .limit(200)
      .execute();
  }

  /** The order's status changes, newest first. */
  async timeline(orderId: string) {
    return this.db
      .selectFrom('order_events')
      .select([
        'id',
        'created_at',
        'actor',
        'actor_email',
        'event',
        'from_status',
        'to_status',
        'note',
        'amount_paid',
        'paid_currency',
        'payment_flags',
      ])
      .where('order_id', '=', orderId)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(200)
      .execute();
  }

  async downloads(orderId: string) {
    return this.db
      .selectFrom('order_downloads')
      .select(['id', 'downloaded_at', 'ip_address', 'user_agent'])
      .where('order_id', '=', orderId)
      .orderBy('downloaded_at', 'desc')
      .orderBy('id')
      .execute();
  }

  async grants(orderId: string) {
    return this.db
      .selectFrom('order_download_grants')
      .select(['id', 'granted_at', 'granted_by', 'extra'])
      .where('order_id', '=', orderId)
      .orderBy('granted_at', 'desc')
      .orderBy('id')
      .execute();
  }

  async totals(): Promise<{ revenue: number; orders: number; users: number }> {
    const [revenue, orders, users] = await Promise.all([
      this.db
        .selectFrom('orders')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('price'), sql<number>`0`).as('value'))
        .where('status', 'in', paidStatuses)
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('value'))
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('value'))
        .executeTakeFirstOrThrow(),
    ]);
    return { revenue: Number(revenue.value), orders: Number(orders.value), users: Number(users.value) };
  }

  /** Price and date of every revenue order since `since` (ISO), for the per-day chart. */
  async revenueSince(since: string): Promise<{ created_date: string; price: number }[]> {
    return this.db
      .selectFrom('orders')
      .select(['created_date', 'price'])
      .where('status', 'in', paidStatuses)
      .where('created_date', '>=', since)
      .execute();
  }

  /** Addresses of the administrators, told of each paid order. */
  async adminEmails(): Promise<string[]> {
    const rows = await this.db.selectFrom('users').select('email').where('role', '=', 'admin').execute();
    return rows.map((row) => row.email);
  }

  async userContact(userId: string): Promise<{ email: string; full_name: string | null } | undefined> {
    return this.db.selectFrom('users').select(['email', 'full_name']).where('id', '=', userId).executeTakeFirst();
  }
}
