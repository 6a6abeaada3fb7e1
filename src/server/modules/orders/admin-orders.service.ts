import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { ROBOT_FILE_EXTENSIONS, ROBOT_FILE_MAX_BYTES } from '../../../shared/constants.js';
import { nextOrderStatus, type OrderEvent, type OrderStatus } from '../../../shared/order-states.js';
import {
  ADMIN_ORDERS_PAGE_SIZE,
  type AdminOrder,
  type AdminOrderDetail,
  type AdminOrdersPage,
  type DashboardTotals,
  type OrderResolution,
} from '../../../shared/schemas/orders.js';
import type { AuditPort } from '../../http/audit-port.js';
import { csvCell } from '../../http/csv-cell.js';
import { isUniqueViolation } from '../../db/dialect.js';
import { ConflictError, NotFoundError, UnsupportedMediaTypeError } from '../../errors.js';
import { robotFileCheck, robotFileExtension } from '../../storage/robot-file-check.js';
import type { Storage } from '../../storage/storage.js';
import { cleanFileName } from '../../text/file-names.js';
import { auditOrderChange, orderSummary } from './order-audit.js';
import type { OrderEmails } from './order-emails.js';
import type { OrderStatusChanger } from './order-status.js';
import type { OrderVersionRow } from './order-versions.repository.js';
import { toAdminOrder, toOrderEvent } from './order-views.js';
import type { AdminOrderRow, OrdersRepository } from './orders.repository.js';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '../../../shared/audit-names.js';

const REVENUE_DAYS = 30;

/** The administrator acting, for the order's timeline and the activity log. */
export interface Administrator {
  id: string;
  email: string;
}

/** Each resolution of decision 0014 and the order event it is. */
const resolutionEvents: Record<OrderResolution, OrderEvent> = {
  mark_paid: { type: 'marked_paid' },
  refund: { type: 'refunded' },
  cancel: { type: 'cancelled' },
};

/** The folder of the files uploaded for one order: its own, unlike release files that orders share. */
function orderFilesFolder(orderId: string): string {
  return `private/orders/${orderId}/`;
}

/** Where a delivered robot file is stored: a new key per upload, so versions never collide. */
export function robotFileKey(orderId: string, extension: string): string {
  return `${orderFilesFolder(orderId)}${randomUUID()}.${extension}`;
}

const csvColumns = [
  'id',
  'created_date',
  'status',
  'client_email',
  'client_name',
  'robot_name',
  'price',
  'telegram_username',
  'payment_id',
  'download_count',
  'file_name',
] as const;

/** A CSV line's values: the order's columns, and its current version's downloads and file. */
type CsvRow = AdminOrderRow & { download_count: number; file_name: string | null };

/** Order management for administrators and scripts (SPEC §2 Dashboard, §4, §9). */
export class AdminOrdersService {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly status: OrderStatusChanger,
    private readonly emails: OrderEmails,
    private readonly storage: Storage,
    private readonly audit: AuditPort,
  ) {}

  async list(query: {
    status?: OrderStatus | undefined;
    q?: string | undefined;
    page: number;
  }): Promise<AdminOrdersPage> {
    const { items, total } = await this.orders.adminPage(
      query,
      (query.page - 1) * ADMIN_ORDERS_PAGE_SIZE,
      ADMIN_ORDERS_PAGE_SIZE,
    );
    const rows = await this.orders.withVersions(items);
    return {
      items: rows.map((row) => toAdminOrder(row, row.versions)),
      total,
      page: query.page,
      page_size: ADMIN_ORDERS_PAGE_SIZE,
    };
  }

  private async find(id: string): Promise<AdminOrderRow & { versions: OrderVersionRow[] }> {
    const row = await this.orders.adminFind(id);
    if (!row) throw new NotFoundError('Order not found.');
    return (await this.orders.withVersions([row]))[0]!;
  }

  private async view(id: string): Promise<AdminOrder> {
    const row = await this.find(id);
    return toAdminOrder(row, row.versions);
  }

  async detail(id: string): Promise<AdminOrderDetail> {
    const row = await this.find(id);
    const [callbacks, downloads, fetches, grants, emails, events] = await Promise.all([
      this.orders.callbacks(id),
      this.orders.downloads(id),
      this.orders.downloadFetches(id),
      this.orders.grants(id),
      this.emails.history(id),
      this.orders.events(id),
    ]);
    return {
      ...toAdminOrder(row, row.versions),
      callbacks,
      downloads,
      fetches,
      grants,
      emails,
      events: events.map(toOrderEvent),
    };
  }

  async setStatus(id: string, status: OrderStatus, by: Administrator): Promise<AdminOrder> {
    await this.status.apply(id, { type: 'admin_set', status }, 'administrator', { by });
    return this.view(id);
  }

  /**
   * Resolves an order (decision 0014): marks a payment under review paid, refunds a paid or
   * reviewed order, or cancels a reviewed one. The change, its note on the order's timeline and,
   * for a refund, the client's email (in their language, through the outbox) and its activity-log
   * entry are one transaction; then the order's licence is revoked on a refund or a cancellation.
   * Repeating a resolution already made changes nothing.
   */
  async resolve(
    id: string,
    resolution: OrderResolution,
    note: string | undefined,
    by: Administrator,
  ): Promise<AdminOrder> {
    // The status changer logs the resolution, with its note, in the change's transaction.
    await this.status.apply(id, resolutionEvents[resolution], 'administrator', { by, note: note || null });
    return this.view(id);
  }

  /**
   * Stores a robot file built for this order as its next version and completes the order (SPEC
   * §4, decision 0018). The type is taken from the name before a byte is stored; the content is
   * checked against it (storage/robot-file-check.ts) and the size counted while streaming. A
   * refused or broken upload leaves nothing. The first version is the delivery ('delivered'
   * email); a later one is a new version, labelled 2, 3…, with its own email and downloads, the
   * earlier ones kept.
   */
  async deliverFile(id: string, fileName: string, body: Readable, by: Administrator): Promise<AdminOrder> {
    const before = await this.find(id);
    const transition = nextOrderStatus(before.status, { type: 'file_delivered' }, 'administrator');
    if (!transition.ok) throw new ConflictError(transition.reason);
    const extension = robotFileExtension(fileName);
    if (!extension)
      throw new UnsupportedMediaTypeError(
        `Accepted robot files: ${ROBOT_FILE_EXTENSIONS.map((e) => `.${e}`).join(', ')}.`,
      );
    const key = robotFileKey(id, extension);
    // Piped, not pipelined: a refusal must not destroy the upload's stream, which the route
    // drains so that the client reads our answer.
    const checked = body.pipe(robotFileCheck(extension));
    body.once('error', (error) => checked.destroy(error));
    await this.storage.put(key, checked, { maxBytes: ROBOT_FILE_MAX_BYTES });
    const file = {
      release_id: null,
      notes: '',
      file_path: key,
      file_name: cleanFileName(fileName, `robot.${extension}`),
    };
    let updated;
    try {
      updated = await this.status.write(
        before,
        transition.next,
        { actor: 'administrator', by, kind: 'file_delivered' },
        {},
        async (orders, after) => {
          const version = await orders.versions.add(id, file);
          await auditOrderChange(
            this.audit,
            orders.db,
            after,
            { actor: 'administrator', by, kind: 'file_delivered', note: version.label },
            {
              ...(before.status !== after.status ? { status: { from: before.status, to: after.status } } : {}),
              file: { from: before.versions[0]?.file_name ?? null, to: version.file_name },
            },
          );
          if (version.seq === 1) await this.emails.toClient('delivered', after, orders);
          else await this.emails.newVersion(after, version, orders);
        },
      );
    } catch (error) {
      await this.storage.delete(key);
      // Another version was added to the order at the same moment.
      if (isUniqueViolation(error)) throw new ConflictError('The order changed during the upload; try again.');
      throw error;
    }
    if (!updated) {
      await this.storage.delete(key);
      throw new ConflictError('The order changed during the upload; try again.');
    }
    return this.view(id);
  }

  /**
   * Deletes the order with its versions, and logs it in the same transaction; the files uploaded
   * for it go too once it is gone, release files stay.
   */
  async remove(id: string, by: Administrator): Promise<void> {
    const versions = await this.orders.versions.ofOrders([id]);
    await this.orders.transaction(async (orders) => {
      const order = await orders.delete(id);
      if (!order) throw new NotFoundError('Order not found.');
      await this.audit.record(
        {
          actor: by,
          action: AUDIT_ACTIONS.delete,
          resource: AUDIT_ENTITIES.order,
          recordId: id,
          summary: orderSummary(order),
          changes: { status: { from: order.status, to: null } },
        },
        orders.db,
      );
    });
    for (const version of versions)
      if (version.file_path.startsWith(orderFilesFolder(id))) await this.storage.delete(version.file_path);
    this.status.announce(id);
  }

  /** Gives downloads of the order's current version back (decision 0018). */
  async grantDownloads(id: string, extra: number, adminId: string): Promise<AdminOrder> {
    const granted = await this.orders.grantDownloads(id, extra, adminId);
    if (!granted) throw new NotFoundError('Order not found.');
    if (!granted.version)
      throw new ConflictError('No robot file has been delivered for this order yet.', 'file_unavailable');
    this.status.announce(id);
    return this.view(id);
  }

  async totals(now = new Date()): Promise<DashboardTotals> {
    const firstDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (REVENUE_DAYS - 1)));
    const [totals, recent] = await Promise.all([
      this.orders.totals(),
      this.orders.revenueSince(firstDay.toISOString()),
    ]);
    const byDay = new Map<string, number>();
    for (let i = 0; i < REVENUE_DAYS; i++)
      byDay.set(new Date(firstDay.getTime() + i * 86_400_000).toISOString().slice(0, 10), 0);
    for (const order of recent) {
      const day = new Date(order.created_date).toISOString().slice(0, 10);
      if (byDay.has(day)) byDay.set(day, byDay.get(day)! + order.price);
    }
    return {
      total_revenue: Math.round(totals.revenue * 100) / 100,
      total_orders: totals.orders,
      total_users: totals.users,
      revenue_by_day: [...byDay].map(([day, revenue]) => ({ day, revenue: Math.round(revenue * 100) / 100 })),
    };
  }

  csv(query: { status?: OrderStatus | undefined; q?: string | undefined }): Readable {
    return Readable.from(this.csvLines(query));
  }

  /** The matching orders as CSV lines, header first, read from the database in batches. */
  async *csvLines(query: { status?: OrderStatus | undefined; q?: string | undefined }): AsyncGenerator<string> {
    yield `${csvColumns.join(',')}\r\n`;
    for await (const batch of this.orders.adminAll(query)) {
      const rows: CsvRow[] = (await this.orders.withVersions(batch)).map((row) => ({
        ...row,
        download_count: row.versions[0]?.download_count ?? 0,
        file_name: row.versions[0]?.file_name ?? null,
      }));
      yield rows.map((row) => `${csvColumns.map((column) => csvCell(row[column])).join(',')}\r\n`).join('');
    }
  }
}
