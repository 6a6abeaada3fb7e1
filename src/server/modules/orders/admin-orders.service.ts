import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ROBOT_FILE_EXTENSIONS, ROBOT_FILE_MAX_BYTES } from '../../../shared/constants.js';
import { shortOrderNumber } from '../../../shared/order-number.js';
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
import { ConflictError, NotFoundError, UnsupportedMediaTypeError } from '../../errors.js';
import type { Storage } from '../../storage/storage.js';
import { cleanFileName, withoutHiddenCharacters } from '../../text/file-names.js';
import type { OrderEmails } from './order-emails.js';
import type { OrderStatusChanger } from './order-status.js';
import { toAdminOrder, toOrderEvent } from './order-views.js';
import type { AdminOrderRow, OrdersRepository } from './orders.repository.js';
import { robotFileCheck } from './robot-file-check.js';

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

/** The extension of an accepted robot file name (lower case), or null. */
export function robotFileExtension(fileName: string): (typeof ROBOT_FILE_EXTENSIONS)[number] | null {
  const extension = path.extname(withoutHiddenCharacters(fileName).trim()).slice(1).toLowerCase();
  return (ROBOT_FILE_EXTENSIONS as readonly string[]).includes(extension)
    ? (extension as (typeof ROBOT_FILE_EXTENSIONS)[number])
    : null;
}

/** Where a delivered robot file is stored: a new key per upload, so a replaced file never collides. */
export function robotFileKey(orderId: string, extension: string): string {
  return `private/orders/${orderId}/${randomUUID()}.${extension}`;
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
    return { items: items.map(toAdminOrder), total, page: query.page, page_size: ADMIN_ORDERS_PAGE_SIZE };
  }

  private async find(id: string): Promise<AdminOrderRow> {
    const row = await this.orders.adminFind(id);
    if (!row) throw new NotFoundError('Order not found.');
    return row;
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
    return { ...toAdminOrder(row), callbacks, downloads, fetches, grants, emails, events: events.map(toOrderEvent) };
  }

  async setStatus(id: string, status: OrderStatus, by: Administrator): Promise<AdminOrder> {
    await this.status.apply(id, { type: 'admin_set', status }, 'administrator', { by });
    return toAdminOrder(await this.find(id));
  }

  /**
   * Resolves an order (decision 0014): marks a payment under review paid, refunds a paid or
   * reviewed order, or cancels a reviewed one. The change, its note on the order's timeline and,
   * for a refund, the client's email (in their language, through the outbox) are one transaction;
   * then the activity log, and the order's licence is revoked on a refund or a cancellation.
   * Repeating a resolution already made changes nothing.
   */
  async resolve(
    id: string,
    resolution: OrderResolution,
    note: string | undefined,
    by: Administrator,
  ): Promise<AdminOrder> {
    const change = await this.status.apply(id, resolutionEvents[resolution], 'administrator', {
      by,
      note: note || null,
    });
    if (change.changed)
      await this.audit.record({
        actor: by,
        action: resolution,
        resource: 'order',
        recordId: id,
        summary: `#${shortOrderNumber(id)} ${change.order.robot_name}`,
        changes: {
          status: { from: change.before.status, to: change.order.status },
          ...(note ? { note: { from: null, to: note } } : {}),
        },
      });
    return toAdminOrder(await this.find(id));
  }

  /**
   * Stores a delivered robot file and completes the order (SPEC §4). The type is taken from the
   * name before a byte is stored; the content is checked against it (robot-file-check.ts) and the
   * size counted while streaming. A refused or broken upload leaves nothing, and a replaced file
   * is removed once the new one is in place.
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
    const updated = await this.status.write(
      before,
      transition.next,
      { actor: 'administrator', by, kind: 'file_delivered' },
      { file_path: key, file_name: cleanFileName(fileName, `robot.${extension}`) },
      (orders, after) => this.emails.toClient('delivered', after, orders),
    );
    if (!updated) {
      await this.storage.delete(key);
      throw new ConflictError('The order changed during the upload; try again.');
    }
    if (before.file_path && before.file_path !== key) await this.storage.delete(before.file_path);
    return toAdminOrder(await this.find(id));
  }

  async remove(id: string): Promise<void> {
    const deleted = await this.orders.delete(id);
    if (!deleted) throw new NotFoundError('Order not found.');
    if (deleted.file_path) await this.storage.delete(deleted.file_path);
    this.status.announce(id);
  }

  async grantDownloads(id: string, extra: number, adminId: string): Promise<AdminOrder> {
    const row = await this.orders.grantDownloads(id, extra, adminId);
    if (!row) throw new NotFoundError('Order not found.');
    this.status.announce(id);
    return toAdminOrder(await this.find(id));
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
      yield batch.map((row) => `${csvColumns.map((column) => csvCell(row[column])).join(',')}\r\n`).join('');
    }
  }
}
