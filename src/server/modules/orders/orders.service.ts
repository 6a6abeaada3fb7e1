import { STATUS_CODES } from 'node:http';
import type { Readable } from 'node:stream';
import {
  ESTIMATED_DELIVERY_DAYS,
  MAX_DOWNLOADS_PER_ORDER,
  SIGNED_DOWNLOAD_TTL_SECONDS,
  type Language,
} from '../../../shared/constants.js';
import { downloadableStatus, initialOrderStatus, nextOrderStatus } from '../../../shared/order-states.js';
import {
  paymentMessages,
  type CreateOrderInput,
  type DownloadLink,
  type Order,
  type PaymentStart,
} from '../../../shared/schemas/orders.js';
import type { CurrentUser } from '../../auth/access.js';
import { isUniqueViolation } from '../../db/dialect.js';
import { AppError, ConflictError, ForbiddenError, NotFoundError, UpstreamError } from '../../errors.js';
import {
  WorkflowRefusedError,
  WorkflowReplyError,
  type AutomationGateway,
} from '../../integrations/automation-gateway.js';
import type { Storage } from '../../storage/storage.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import type { DownloadLinks } from './download-links.js';
import type { OrderEmails } from './order-emails.js';
import type { OrderStatusChanger } from './order-status.js';
import { toOrder } from './order-views.js';
import type { OrderRow, OrdersRepository } from './orders.repository.js';
import { restartColumns } from './payment-attempts.js';

export interface OrdersServiceDeps {
  orders: OrdersRepository;
  catalogue: CatalogueService;
  /** The payment workflow, through the automation gateway. */
  payments: Pick<AutomationGateway, 'isConfigured' | 'createPayment'>;
  status: OrderStatusChanger;
  emails: OrderEmails;
  links: DownloadLinks;
  storage: Storage;
  publicUrl: string;
}

export interface RequestContext {
  ipAddress: string | null;
  userAgent: string | null;
}

/** SPEC §8: 'Error {status}: {message or status text}'. */
function refusalMessage(error: WorkflowRefusedError): string {
  return `Error ${error.answerStatus}: ${(error.detail ?? STATUS_CODES[error.answerStatus] ?? 'Unknown error').slice(0, 300)}`;
}

function notConfigured(): AppError {
  return new AppError(503, 'payment_not_configured', paymentMessages.notConfigured);
}

/** What a client does with their orders: create, pay, follow, download (SPEC §2, §4, §7). */
export class OrdersService {
  private readonly startingPayments = new Map<string, Promise<PaymentStart>>();

  constructor(private readonly deps: OrdersServiceDeps) {}

  /**
   * Creates an order at the robot's current price. With an idempotency key, the same key from the
   * same user always answers the order it first created (a unique index decides races).
   */
  async create(
    user: CurrentUser,
    input: CreateOrderInput,
    idempotencyKey: string | undefined,
    language: Language,
  ): Promise<{ order: Order; replayed: boolean }> {
    const { orders } = this.deps;
    if (idempotencyKey) {
      const existing = await orders.findByIdempotencyKey(user.id, idempotencyKey);
      if (existing) return { order: this.replay(existing, input), replayed: true };
    }
    const robot = await this.deps.catalogue.getPublicRobot(input.robot_id);
    const now = new Date();
    let row: OrderRow;
    try {
      row = await orders.insert({
        id: crypto.randomUUID(),
        user_id: user.id,
        robot_id: robot.id,
        robot_name: robot.name,
        telegram_username: input.telegram_username,
        strategy_instructions: input.strategy_instructions,
        price: robot.price,
        expected_amount: robot.price,
        status: initialOrderStatus,
        estimated_delivery: new Date(now.getTime() + ESTIMATED_DELIVERY_DAYS * 86_400_000).toISOString(),
        idempotency_key: idempotencyKey ?? null,
        terms_accepted_at: now.toISOString(),
        language,
        created_date: now.toISOString(),
        updated_at: now.toISOString(),
      });
    } catch (error) {
      if (!idempotencyKey || !isUniqueViolation(error)) throw error;
      const winner = await orders.findByIdempotencyKey(user.id, idempotencyKey);
      if (!winner) throw error;
      return { order: this.replay(winner, input), replayed: true };
    }
    this.deps.emails.toClient('received', row);
    return { order: toOrder(row), replayed: false };
  }

  /** A key reused for another robot is a client bug, not a retry. */
  private replay(existing: OrderRow, input: CreateOrderInput): Order {
    if (existing.robot_id !== input.robot_id)
      throw new ConflictError('This Idempotency-Key was already used for another order.');
    return toOrder(existing);
  }

  async listOwn(user: CurrentUser): Promise<Order[]> {
    return (await this.deps.orders.listOwn(user.id)).map(toOrder);
  }

  /** Another client's order answers exactly as a missing one: no hint that it exists. */
  async getOwnRow(user: CurrentUser, id: string): Promise<OrderRow> {
    const row = await this.deps.orders.findOwn(id, user.id);
    if (!row) throw new NotFoundError('Order not found.');
    return row;
  }

  async getOwn(user: CurrentUser, id: string): Promise<Order> {
    return toOrder(await this.getOwnRow(user, id));
  }

  /**
   * Asks the payment workflow for a payment page (SPEC §7). While the order waits for its
   * payment, asking again answers the stored page ('Re-open'); after a failure it starts anew.
   * Parallel requests for one order share one workflow call.
   */
  async startPayment(user: CurrentUser, id: string): Promise<PaymentStart> {
    const running = this.startingPayments.get(id);
    if (running) {
      await this.getOwnRow(user, id);
      return running;
    }
    const work = this.requestPayment(user, id).finally(() => this.startingPayments.delete(id));
    this.startingPayments.set(id, work);
    return work;
  }

  private async requestPayment(user: CurrentUser, id: string): Promise<PaymentStart> {
    let order = await this.getOwnRow(user, id);
    const transition = nextOrderStatus(order.status, { type: 'payment_started' }, 'client');
    if (!transition.ok) throw new ConflictError(transition.reason);
    if (!transition.changed && order.pay_url)
      return { pay_url: order.pay_url, order_id: order.id, payment_id: order.payment_id };

    if (!(await this.deps.payments.isConfigured('payment'))) throw notConfigured();

    if (transition.changed) {
      // A new payment attempt: the previous attempt's ids move aside, so its late reports cannot
      // fail this one.
      const restarted = await this.deps.orders.compareAndSetStatus(
        order.id,
        order.status,
        transition.next,
        { actor: 'client', event: 'payment_started' },
        restartColumns(order),
      );
      if (!restarted) throw new ConflictError('The order changed meanwhile; reload it.');
      this.deps.status.afterChange(order, restarted);
      order = restarted;
    }

    const reply = await this.deps.payments
      .createPayment({
        order_id: order.id,
        user_id: user.id,
        user_email: user.email,
        user_name: user.full_name ?? '',
        robot_id: order.robot_id,
        robot_name: order.robot_name,
        telegram_username: order.telegram_username,
        strategy_instructions: order.strategy_instructions,
        amount: order.price,
      })
      .catch((error: unknown) => {
        if (error instanceof WorkflowRefusedError) throw new UpstreamError(refusalMessage(error));
        if (error instanceof WorkflowReplyError) throw new UpstreamError(paymentMessages.payUrlMissing);
        throw error;
      });
    // The address was cleared since the check above.
    if (!reply) throw notConfigured();
    const stored = await this.deps.orders.setPayment(order.id, order.status, reply.payment_id, reply.pay_url);
    if (stored) this.deps.status.announce(order.id);
    else {
      // A client who cancelled the order while the workflow answered is not sent to pay it. (Money
      // that arrived meanwhile leaves the page asked for: the order is paid, the page harmless.)
      const now = await this.deps.orders.findById(order.id);
      const payable = now?.status === 'cancelled' && nextOrderStatus(now.status, { type: 'payment_started' }, 'client');
      if (payable && !payable.ok) throw new ConflictError(payable.reason);
    }
    return { pay_url: reply.pay_url, order_id: order.id, payment_id: reply.payment_id };
  }

  /**
   * Counts a download and answers a signed link (SPEC §5, §7). The count is taken in one
   * conditional update, so parallel requests never get more than the allowed links.
   */
  async requestDownload(user: CurrentUser, id: string, context: RequestContext): Promise<DownloadLink> {
    const order = await this.getOwnRow(user, id);
    if (order.status !== downloadableStatus || !order.file_path)
      throw new AppError(409, 'file_unavailable', 'The robot file is not available yet.');
    const claimed = await this.deps.orders.claimDownload(id, user.id);
    if (!claimed || !claimed.file_path) {
      const now = await this.getOwnRow(user, id);
      if (now.download_count >= MAX_DOWNLOADS_PER_ORDER)
        throw new AppError(409, 'download_limit_reached', 'The download limit of this order is reached.');
      throw new AppError(409, 'file_unavailable', 'The robot file is not available yet.');
    }
    await this.deps.orders.recordDownload(id, context.ipAddress, context.userAgent?.slice(0, 500) ?? null);
    const expiresAt = Date.now() + SIGNED_DOWNLOAD_TTL_SECONDS * 1000;
    const token = this.deps.links.sign(id, claimed.file_path, expiresAt);
    this.deps.status.announce(id);
    return {
      url: `${this.deps.publicUrl}/api/downloads/${token}`,
      expires_at: new Date(expiresAt).toISOString(),
      remaining: Math.max(0, MAX_DOWNLOADS_PER_ORDER - claimed.download_count),
    };
  }

  /** The file behind a signed link, while the link is valid and the file is still the order's. */
  async openDownload(token: string): Promise<{ stream: Readable; size: number; fileName: string }> {
    const claims = this.deps.links.verify(token);
    if (!claims) throw new ForbiddenError('This download link has expired or is not valid.');
    const order = await this.deps.orders.findById(claims.orderId);
    if (!order?.file_path || !claims.matches(order.file_path))
      throw new NotFoundError('This file is no longer available.');
    // A link dies with the order's downloadable status: a refund stops the links already given.
    if (order.status !== downloadableStatus) throw new ForbiddenError('This order can no longer be downloaded.');
    const file = await this.deps.storage.open(order.file_path);
    if (!file) throw new NotFoundError('This file is no longer available.');
    return { stream: file.stream, size: file.size, fileName: order.file_name ?? order.file_path.split('/').pop()! };
  }
}
