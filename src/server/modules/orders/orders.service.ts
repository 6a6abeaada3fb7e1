import type { FastifyBaseLogger } from 'fastify';
import { STATUS_CODES } from 'node:http';
import { ESTIMATED_DELIVERY_DAYS, type Language } from '../../../shared/constants.js';
import { initialOrderStatus, nextOrderStatus } from '../../../shared/order-states.js';
import {
  paymentMessages,
  type CreateOrderInput,
  type Order,
  type OrderDetail,
  type PaymentStart,
} from '../../../shared/schemas/orders.js';
import type { CurrentUser } from '../../auth/access.js';
import { isUniqueViolation } from '../../db/dialect.js';
import { AppError, ConflictError, NotFoundError, UpstreamError } from '../../errors.js';
import {
  WorkflowRefusedError,
  WorkflowReplyError,
  workflowFailureDetail,
  type AutomationGateway,
} from '../../integrations/automation-gateway.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import { GroupedOrderWrites } from './grouped-order-writes.js';
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
  log: FastifyBaseLogger;
}

/** SPEC §8: 'Error {status}: {message or status text}'. */
function refusalMessage(error: WorkflowRefusedError): string {
  return `Error ${error.answerStatus}: ${(error.detail ?? STATUS_CODES[error.answerStatus] ?? 'Unknown error').slice(0, 300)}`;
}

/**
 * What the client is told when the payment workflow gave no page: SPEC §8's messages only. A
 * workflow that could not be reached or did not answer in time becomes 'Error 502: Bad Gateway'
 * or 'Error 504: Gateway Timeout', the same form as a refusal: the system's own words (an
 * address, a port, ECONNREFUSED) are for the owner's timeline and the log, never for buyers.
 */
function clientPaymentError(error: UpstreamError): UpstreamError {
  if (error instanceof WorkflowRefusedError) return new UpstreamError(refusalMessage(error));
  if (error instanceof WorkflowReplyError) return new UpstreamError(paymentMessages.payUrlMissing);
  const timedOut = error.status === 504;
  return new UpstreamError(`Error ${error.status}: ${STATUS_CODES[error.status]}`, timedOut);
}

function notConfigured(): AppError {
  return new AppError(503, 'payment_not_configured', paymentMessages.notConfigured);
}

/** What a client does with their orders: create, pay, follow (SPEC §2, §4, §7); downloads are order-downloads.ts's. */
export class OrdersService {
  private readonly startingPayments = new Map<string, Promise<PaymentStart>>();
  private readonly writes: GroupedOrderWrites;

  constructor(private readonly deps: OrdersServiceDeps) {
    this.writes = new GroupedOrderWrites(deps.orders);
  }

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
      if (existing) return { order: await this.replay(existing, input), replayed: true };
    }
    const robot = await this.deps.catalogue.getOrderableRobot(input.robot_id);
    const now = new Date();
    let row: OrderRow;
    try {
      // The order and its 'received' email are written together: the email exists iff the order
      // does. The orders of one event-loop turn share one commit (grouped-order-writes.ts).
      row = await this.writes.write(async (inTransaction) => {
        const inserted = await inTransaction.insertNew({
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
        // The client's address and name as the session lookup read them for this request.
        await this.deps.emails.toClient('received', inserted, inTransaction, user);
        return inserted;
      });
    } catch (error) {
      if (!idempotencyKey || !isUniqueViolation(error)) throw error;
      const winner = await orders.findByIdempotencyKey(user.id, idempotencyKey);
      if (!winner) throw error;
      return { order: await this.replay(winner, input), replayed: true };
    }
    this.deps.emails.sendSoon();
    return { order: toOrder(row, []), replayed: false };
  }

  /** A key reused for another robot is a client bug, not a retry. */
  private async replay(existing: OrderRow, input: CreateOrderInput): Promise<Order> {
    if (existing.robot_id !== input.robot_id)
      throw new ConflictError('This Idempotency-Key was already used for another order.');
    return this.view(existing);
  }

  /** The order as its owner sees it, with its versions. */
  async view(row: OrderRow): Promise<Order> {
    const [withVersions] = await this.deps.orders.withVersions([row]);
    return toOrder(row, withVersions!.versions);
  }

  async listOwn(user: CurrentUser): Promise<Order[]> {
    const rows = await this.deps.orders.withVersions(await this.deps.orders.listOwn(user.id));
    return rows.map((row) => toOrder(row, row.versions));
  }

  /** Another client's order answers exactly as a missing one: no hint that it exists. */
  async getOwnRow(user: CurrentUser, id: string): Promise<OrderRow> {
    const row = await this.deps.orders.findOwn(id, user.id);
    if (!row) throw new NotFoundError('Order not found.');
    return row;
  }

  async getOwn(user: CurrentUser, id: string): Promise<Order> {
    return this.view(await this.getOwnRow(user, id));
  }

  /**
   * The client's order detail page (issue 19 §5): the order, what its payment came to, the lines
   * of its timeline a client may read, and its robot's address while the robot is in the catalogue (an inactive or
   * deleted robot has no page to link to).
   */
  async detailOwn(user: CurrentUser, id: string): Promise<OrderDetail> {
    const row = await this.getOwnRow(user, id);
    const [order, timeline, robotSlug] = await Promise.all([
      this.view(row),
      this.deps.orders.clientEvents(row.id),
      this.deps.catalogue.publicRobotSlug(row.robot_id),
    ]);
    return {
      ...order,
      robot_slug: robotSlug,
      amount_paid: row.amount_paid,
      paid_currency: row.paid_currency,
      timeline,
    };
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
      const restarted = await this.deps.status.write(
        order,
        transition.next,
        { actor: 'client', kind: 'payment_started' },
        restartColumns(order),
      );
      if (!restarted) throw new ConflictError('The order changed meanwhile; reload it.');
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
      .catch(async (error: unknown) => {
        if (!(error instanceof UpstreamError)) throw error;
        const detail = workflowFailureDetail(error);
        this.deps.log.warn({ orderId: order.id, detail }, 'the payment workflow gave no payment page');
        await this.deps.orders.addEvent(order.id, { kind: 'payment_request_failed', detail });
        throw clientPaymentError(error);
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
}
