import { randomUUID } from 'node:crypto';
import {
  sql,
  type CompiledQuery,
  type Insertable,
  type Kysely,
  type QueryCreator,
  type Selectable,
  type Updateable,
} from 'kysely';
import { MAX_DOWNLOADS_PER_ORDER } from '../../../shared/constants.js';
import {
  downloadableStatus,
  paidStatuses,
  type OrderActor,
  type OrderEvent,
  type OrderStatus,
} from '../../../shared/order-states.js';
import {
  clientOrderEventKinds,
  type AdminOrdersQuery,
  type ClientOrderEventKind,
  type DownloadFetchOutcome,
} from '../../../shared/schemas/orders.js';
import { preparedRecordQuery } from '../../db/prepared-query.js';
import type { Database, OrderDownloadsTable, OrderEventsTable, OrdersTable } from '../../db/schema.js';
import type { DialectName } from '../../db/dialect.js';
import { timeOrderedId } from '../../db/time-ordered-id.js';
import { OrderVersionsRepository, type OrderVersionRow } from './order-versions.repository.js';

export type OrderRow = Selectable<OrdersTable>;
export type DownloadRow = Selectable<OrderDownloadsTable>;
export type AdminOrderRow = OrderRow & { client_email: string | null; client_name: string | null };
export type OrderEventRow = Awaited<ReturnType<OrdersRepository['events']>>[number];

/**
 * What changes with a status: a payment restart moves the last attempt's ids aside, a payment
 * report stores what was paid and the owner's flags. (A delivery adds a version: order_versions.)
 */
export type StatusWriteColumns = Partial<
  Pick<
    Updateable<OrdersTable>,
    | 'payment_id'
    | 'pay_url'
    | 'amount_paid'
    | 'paid_currency'
    | 'payment_flags'
    | 'payment_retries'
    | 'earlier_payment_ids'
  >
>;

/** Who changed an order's status, and why: its line in the order's timeline. */
export interface StatusChangeEntry {
  actor: OrderActor;
  /** The administrator, when one acted. */
  by?: { id: string; email: string } | null;
  /** The order event that made the change. */
  kind: OrderEvent['type'];
  note?: string | null;
}

/** One fetch of a download link, for `order_download_fetches`. */
export interface NewDownloadFetch {
  orderId: string;
  downloadId: string;
  ipAddress: string | null;
  rangeHeader: string | null;
  outcome: DownloadFetchOutcome;
}

function fetchRow(fetch: NewDownloadFetch, now: string) {
  return {
    id: randomUUID(),
    order_id: fetch.orderId,
    download_id: fetch.downloadId,
    fetched_at: now,
    ip_address: fetch.ipAddress,
    range_header: fetch.rangeHeader?.slice(0, 200) ?? null,
    outcome: fetch.outcome,
  };
}

/**
 * The update of `issueDownload`: one more download of the version, only while the order is the
 * client's and downloadable and the version has downloads left.
 */
function downloadCount(db: QueryCreator<Database>, orderId: string, versionId: string, userId: string) {
  return db
    .updateTable('order_versions')
    .set((eb) => ({ download_count: eb('download_count', '+', 1) }))
    .where('id', '=', versionId)
    .where('order_id', '=', orderId)
    .where('download_count', '<', MAX_DOWNLOADS_PER_ORDER)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('orders')
          .select('orders.id')
          .where('orders.id', '=', orderId)
          .where('orders.user_id', '=', userId)
          .where('orders.status', '=', downloadableStatus),
      ),
    );
}

/** The update of `reserveDownloadFetch`: whether it changes the link's row is whether the fetch may go ahead. */
function reservation(
  db: QueryCreator<Database>,
  fetch: { downloadId: string; filePath: string; bytes: number; budget: number; continuation: boolean },
  now: string,
) {
  return db
    .updateTable('order_downloads')
    .set((eb) => ({
      first_fetched_at: eb.fn.coalesce('first_fetched_at', eb.val(now)),
      bytes_in_flight: eb('bytes_in_flight', '+', fetch.bytes),
    }))
    .where('id', '=', fetch.downloadId)
    .where('completed_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('first_fetched_at', 'is', null),
        ...(fetch.continuation
          ? [eb(eb(eb('bytes_sent', '+', eb.ref('bytes_in_flight')), '+', fetch.bytes), '<=', fetch.budget)]
          : []),
      ]),
    )
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('order_versions')
          .innerJoin('orders', 'orders.id', 'order_versions.order_id')
          .select('order_versions.id')
          .whereRef('order_versions.id', '=', 'order_downloads.version_id')
          .where('orders.status', '=', downloadableStatus)
          .where('order_versions.file_path', '=', fetch.filePath),
      ),
    );
}

/** The columns a client's new order is written with (`OrdersService.create`); the rest take their defaults. */
const newOrderColumns = [
  'id',
  'user_id',
  'robot_id',
  'robot_name',
  'telegram_username',
  'strategy_instructions',
  'price',
  'expected_amount',
  'status',
  'estimated_delivery',
  'idempotency_key',
  'terms_accepted_at',
  'language',
  'created_date',
  'updated_at',
] as const;

export type NewOrder = Required<Pick<Insertable<OrdersTable>, (typeof newOrderColumns)[number]>>;

/** Statements compiled once, shared by the repository and those of its transactions. */
interface CompiledOrderQueries {
  insertNew?: (order: NewOrder) => CompiledQuery<OrderRow>;
}

/** `%`, `_` and `\` match themselves in a LIKE pattern built from what an administrator typed. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A client's address and name, as their emails need them. */
export type UserContact = { email: string; full_name: string | null };

export class OrdersRepository {
  /**
   * `db` is the app's database, or the transaction this repository was built on by
   * `transaction()`; writes of other modules that must share the transaction (the email
   * outbox) go through it.
   */
  constructor(
    readonly db: Kysely<Database>,
    /** The engine behind `db`, as the app was configured (`DatabaseHandle.dialect`). */
    private readonly dialect: DialectName,
    private readonly compiled: CompiledOrderQueries = {},
  ) {}

  /** The order versions' SQL on the same database or transaction (decision 0018). */
  get versions(): OrderVersionsRepository {
    return new OrderVersionsRepository(this.db);
  }

  /** Each row with its versions, newest first, read in one query. */
  async withVersions<Row extends OrderRow>(rows: Row[]): Promise<(Row & { versions: OrderVersionRow[] })[]> {
    const versions = await this.versions.ofOrders(rows.map((row) => row.id));
    return rows.map((row) => ({ ...row, versions: versions.filter((version) => version.order_id === row.id) }));
  }

  /**
   * Runs `work` in one transaction: whatever it writes through the repository it is given (or
   * that repository's `db`) commits or rolls back together. On SQLite the one connection is the
   * transaction's until it ends, so `work` must not use another repository meanwhile. Called on
   * a repository of a transaction, `work` runs in that one.
   */
  async transaction<T>(work: (orders: OrdersRepository) => Promise<T>): Promise<T> {
    // Inside a transaction already (a status change's), its work joins it.
    if (this.db.isTransaction) return work(this);
    return this.db.transaction().execute((trx) => work(new OrdersRepository(trx, this.dialect, this.compiled)));
  }

  /**
   * A client's new order, with an insert compiled once: every order runs it, and Kysely building
   * and compiling its fifteen values anew cost about as much as SQLite takes to insert them
   * (issue 21 §2).
   */
  async insertNew(order: NewOrder): Promise<OrderRow> {
    this.compiled.insertNew ??= preparedRecordQuery(newOrderColumns, (row) =>
      this.db
        .insertInto('orders')
        .values(row as NewOrder)
        .returningAll(),
    );
    const { rows } = await this.db.executeQuery(this.compiled.insertNew(order));
    return rows[0]!;
  }

  async insert(order: Insertable<OrdersTable>): Promise<OrderRow> {
    return this.db.insertInto('orders').values(order).returningAll().executeTakeFirstOrThrow();
  }

  async findById(id: string): Promise<OrderRow | undefined> {
    return this.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async findByIds(ids: string[]): Promise<OrderRow[]> {
    if (ids.length === 0) return [];
    return this.db.selectFrom('orders').selectAll().where('id', 'in', ids).execute();
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
    entry: StatusChangeEntry,
    columns: StatusWriteColumns = {},
  ): Promise<OrderRow | undefined> {
    return this.transaction(async (orders) => {
      const now = new Date().toISOString();
      const updated = await orders.db
        .updateTable('orders')
        .set({ ...columns, status: to, updated_at: now })
        .where('id', '=', id)
        .where('status', '=', from)
        .returningAll()
        .executeTakeFirst();
      if (!updated) return undefined;
      await orders.addEvent(id, {
        kind: entry.kind,
        occurred_at: now,
        actor: entry.actor,
        actor_id: entry.by?.id ?? null,
        actor_email: entry.by?.email ?? null,
        from_status: from,
        to_status: to,
        note: entry.note ?? null,
        // A payment report's amount and flags stay on its line: the order keeps only the last.
        amount_paid: columns.amount_paid ?? null,
        paid_currency: columns.paid_currency ?? null,
        payment_flags: columns.payment_flags ?? null,
      });
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
      .select('kind')
      .where('order_id', '=', orderId)
      .where('to_status', '=', 'cancelled')
      .orderBy('occurred_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return line?.kind === 'client_cancelled' || line?.kind === 'unpaid_expired';
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
   * Counts one download of the order's version and records its link, in one transaction. The
   * count is one conditional update, so parallel requests can never go past the version's limit:
   * the row changes only while it is still under it, and while the order is the user's and
   * downloadable. Undefined when nothing was counted.
   */
  async issueDownload(
    id: string,
    versionId: string,
    userId: string,
    client: { ipAddress: string | null; userAgent: string | null },
  ): Promise<{ version: OrderVersionRow; downloadId: string } | undefined> {
    const downloadId = randomUUID();
    const download = {
      id: downloadId,
      order_id: id,
      version_id: versionId,
      downloaded_at: new Date().toISOString(),
      ip_address: client.ipAddress,
      user_agent: client.userAgent,
    };
    if (this.dialect === 'postgres') {
      // One statement, so one round trip instead of four (begin, update, insert, commit): the
      // count is a data-modifying WITH, and the link's row is inserted only when it counted.
      const version = await this.db
        .with('counted', (db) => downloadCount(db, id, versionId, userId).returningAll())
        .with('issued', (db) =>
          db
            .insertInto('order_downloads')
            .columns(['id', 'order_id', 'version_id', 'downloaded_at', 'ip_address', 'user_agent'])
            .expression((eb) =>
              eb.selectFrom('counted').select([
                eb.val(download.id).as('id'),
                'counted.order_id',
                'counted.id as version_id',
                // A parameter in a select list is text to PostgreSQL, which would not put it in timestamptz.
                eb.cast(eb.val(download.downloaded_at), 'timestamptz').as('downloaded_at'),
                eb.val(download.ip_address).as('ip_address'),
                eb.val(download.user_agent).as('user_agent'),
              ]),
            )
            .returning('id'),
        )
        .selectFrom('counted')
        .selectAll()
        .executeTakeFirst();
      return version && { version, downloadId };
    }
    return this.db.transaction().execute(async (trx) => {
      const version = await downloadCount(trx, id, versionId, userId).returningAll().executeTakeFirst();
      if (!version) return undefined;
      await trx.insertInto('order_downloads').values(download).execute();
      return { version, downloadId };
    });
  }

  /**
   * A link's download with what a fetch decides on, in one query (on PostgreSQL each query is a
   * round trip): its order's status (null when the order is gone) and its version's file (null
   * when the version is gone, or for a link from before versions).
   */
  async findDownloadToFetch(downloadId: string): Promise<
    | {
        download: DownloadRow;
        orderStatus: OrderStatus | null;
        version: { file_path: string; file_name: string } | null;
      }
    | undefined
  > {
    const row = await this.db
      .selectFrom('order_downloads')
      .leftJoin('orders', 'orders.id', 'order_downloads.order_id')
      .leftJoin('order_versions', 'order_versions.id', 'order_downloads.version_id')
      .selectAll('order_downloads')
      .select([
        'orders.status as order_status',
        'order_versions.id as version_row_id',
        'order_versions.file_path as version_file_path',
        'order_versions.file_name as version_file_name',
      ])
      .where('order_downloads.id', '=', downloadId)
      .executeTakeFirst();
    if (!row) return undefined;
    const { order_status, version_row_id, version_file_path, version_file_name, ...download } = row;
    return {
      download,
      orderStatus: order_status,
      version: version_row_id === null ? null : { file_path: version_file_path!, file_name: version_file_name! },
    };
  }

  /**
   * The compare-and-set that makes a link one download: reserves `bytes` for a fetch of a link,
   * and marks its first fetch, only while the order is still downloadable and the link's version
   * is this file, the
   * link has not sent a whole file yet, and either it was never fetched or the fetch continues it
   * (`continuation`, a Range request) within `budget` bytes, counting what is still being sent.
   * Logs the fetch, served or refused as `refused_used`, in the same transaction. Whether the
   * fetch may go ahead.
   */
  async reserveDownloadFetch(
    fetch: NewDownloadFetch & { filePath: string; bytes: number; budget: number; continuation: boolean },
  ): Promise<boolean> {
    const now = new Date().toISOString();
    const row = fetchRow(fetch, now);
    if (this.dialect === 'postgres') {
      // One statement, so one round trip instead of four (begin, update, insert, commit): the
      // update is a data-modifying WITH, and the log line says whether it reserved.
      const logged = await this.db
        .with('reserved', (db) => reservation(db, fetch, now).returning('order_downloads.id'))
        .insertInto('order_download_fetches')
        .values({
          ...row,
          outcome: (eb) =>
            eb
              .case()
              .when(eb.exists(eb.selectFrom('reserved').select('reserved.id')))
              .then(fetch.outcome)
              .else('refused_used')
              .end(),
        })
        .returning('outcome')
        .executeTakeFirstOrThrow();
      return logged.outcome !== 'refused_used';
    }
    return this.db.transaction().execute(async (trx) => {
      const reserved = await reservation(trx, fetch, now).executeTakeFirst();
      const granted = Number(reserved.numUpdatedRows) === 1;
      await trx
        .insertInto('order_download_fetches')
        .values({ ...row, outcome: granted ? fetch.outcome : 'refused_used' })
        .execute();
      return granted;
    });
  }

  /**
   * Settles a fetch once its answer ended: its reservation becomes the bytes it sent, and a link
   * that has sent as many bytes as the file has is marked delivered.
   */
  async settleDownloadFetch(downloadId: string, reserved: number, sent: number, fileSize: number): Promise<void> {
    const now = new Date().toISOString();
    await this.db
      .updateTable('order_downloads')
      .set((eb) => ({
        bytes_in_flight: eb('bytes_in_flight', '-', reserved),
        bytes_sent: eb('bytes_sent', '+', sent),
        completed_at: sql<
          string | null
        >`case when bytes_sent + ${sent} >= ${fileSize} then coalesce(completed_at, ${now}) else completed_at end`,
      }))
      .where('id', '=', downloadId)
      .execute();
  }

  async recordDownloadFetch(fetch: NewDownloadFetch): Promise<void> {
    await this.db.insertInto('order_download_fetches').values(fetchRow(fetch, new Date().toISOString())).execute();
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

  /**
   * Gives back up to `extra` used downloads of the order's current version (the count never goes
   * below zero) and records it (decision 0018). Undefined when there is no such order; the
   * version undefined when it holds none.
   */
  async grantDownloads(
    id: string,
    extra: number,
    grantedBy: string,
  ): Promise<{ order: OrderRow; version: OrderVersionRow | undefined } | undefined> {
    return this.transaction(async (orders) => {
      const version = await orders.versions.grant(id, extra, grantedBy);
      // The order's event stream sends a change of its updated_at.
      const order = version
        ? await orders.db
            .updateTable('orders')
            .set({ updated_at: new Date().toISOString() })
            .where('id', '=', id)
            .returningAll()
            .executeTakeFirst()
        : await orders.findById(id);
      return order && { order, version };
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

  async downloads(orderId: string) {
    return this.db
      .selectFrom('order_downloads')
      .select(['id', 'version_id', 'downloaded_at', 'ip_address', 'user_agent', 'first_fetched_at', 'completed_at'])
      .where('order_id', '=', orderId)
      .orderBy('downloaded_at', 'desc')
      .orderBy('id')
      .execute();
  }

  /**
   * Adds a line to the order's timeline (admin order detail): a status change
   * (`compareAndSetStatus` writes it) or a note of what the client was told only in general words.
   */
  async addEvent(orderId: string, line: Omit<Insertable<OrderEventsTable>, 'id' | 'order_id'>): Promise<void> {
    await this.db
      .insertInto('order_events')
      .values({ occurred_at: new Date().toISOString(), ...line, id: timeOrderedId().id, order_id: orderId })
      .execute();
  }

  /** The order's timeline, newest first. */
  async events(orderId: string) {
    return this.db
      .selectFrom('order_events')
      .select([
        'id',
        'occurred_at',
        'kind',
        'detail',
        'actor',
        'actor_email',
        'from_status',
        'to_status',
        'note',
        'amount_paid',
        'paid_currency',
        'payment_flags',
      ])
      .where('order_id', '=', orderId)
      .orderBy('occurred_at', 'desc')
      .orderBy('id', 'desc')
      .limit(200)
      .execute();
  }

  /**
   * The lines of the order's timeline its client may read (`clientOrderEventKinds`), newest
   * first, with only the columns the client may see: the rest never leaves the database.
   */
  async clientEvents(orderId: string) {
    return this.db
      .selectFrom('order_events')
      .select(['id', 'occurred_at', 'kind', 'from_status', 'to_status', 'amount_paid', 'paid_currency'])
      .where('order_id', '=', orderId)
      .where('kind', 'in', clientOrderEventKinds)
      .$narrowType<{ kind: ClientOrderEventKind }>()
      .orderBy('occurred_at', 'desc')
      .orderBy('id', 'desc')
      .limit(200)
      .execute();
  }

  /** Every fetch of the order's download links, newest first (decision 0008). */
  async downloadFetches(orderId: string) {
    return this.db
      .selectFrom('order_download_fetches')
      .select(['id', 'download_id', 'fetched_at', 'ip_address', 'range_header', 'outcome'])
      .where('order_id', '=', orderId)
      .orderBy('fetched_at', 'desc')
      .orderBy('id')
      .limit(200)
      .execute();
  }

  async grants(orderId: string) {
    return this.db
      .selectFrom('order_download_grants')
      .select(['id', 'version_id', 'granted_at', 'granted_by', 'extra'])
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
      // Free trials are not sales (decision 0020): the dashboard counts orders, not trials.
      this.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('value'))
        .where('trial', '=', false)
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

  /**
   * Who hears of a paid order, in one query (one round trip less in a payment callback's
   * transaction, issue 21 §6): the client's address and name (undefined when the account is gone),
   * and the administrators' addresses. A client who is an administrator is both.
   */
  async paidOrderRecipients(
    userId: string | null,
  ): Promise<{ client: UserContact | undefined; administrators: string[] }> {
    const rows = await this.db
      .selectFrom('users')
      .select(['id', 'email', 'full_name', 'role'])
      .where((where) =>
        userId === null
          ? where('role', '=', 'admin')
          : where.or([where('role', '=', 'admin'), where('id', '=', userId)]),
      )
      .execute();
    const client = rows.find((row) => row.id === userId);
    return {
      client: client && { email: client.email, full_name: client.full_name },
      administrators: rows.filter((row) => row.role === 'admin').map((row) => row.email),
    };
  }

  async userContact(userId: string): Promise<UserContact | undefined> {
    return this.db.selectFrom('users').select(['email', 'full_name']).where('id', '=', userId).executeTakeFirst();
  }
}
