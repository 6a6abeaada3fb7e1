import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '../../../shared/constants.js';
import { shortOrderNumber } from '../../../shared/order-number.js';
import { isLanguage } from '../../../shared/language.js';
import { orderEmailStrings } from '../../text/server-strings.js';
import type { Mailer } from '../../integrations/mailer.js';
import type { OrderRow } from './orders.repository.js';

type ClientEmail = 'received' | 'paid' | 'delivered' | 'refunded' | 'cancelled';

export interface OrderEmailsOptions {
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** The client's address and name for an order's user. */
  contact(userId: string): Promise<{ email: string; full_name: string | null } | undefined>;
  adminEmails(): Promise<string[]>;
  /** Pause before retrying a failed send (tests shorten it). */
  retryDelayMs?: number;
}

function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (match, name: string) => values[name] ?? match);
}

/** Attempts per email, and the pause before each retry: an SMTP server's brief hiccup loses nothing. */
const ATTEMPTS = 3;
const RETRY_DELAY_MS = 2_000;
/** How long closing the app waits for queued emails before giving up on them (and logging each). */
const DRAIN_TIMEOUT_MS = 10_000;

interface QueuedEmail {
  description: Record<string, unknown>;
  send: () => Promise<void>;
  attempt: number;
}

/**
 * The order emails (issue 9): received (with the link to that order, issue 17 §3), payment confirmed,
 * delivered, refunded and cancelled for want of payment to the client in the
 * language they ordered in, and a note to the administrators for each paid order. Texts come from
 * the i18n catalogues.
 *
 * Sending is off the request's critical path: toClient and toAdministrators only queue, and one
 * email at a time is built and sent after the current work (the response) is done. Under a burst
 * of orders the emails follow at the mail server's pace instead of competing with the requests
 * for the CPU and the database. A failed send is retried, then logged with the order; closing the
 * app waits for the queue (bounded), and anything it could not send is logged, never dropped
 * silently.
 */
export class OrderEmails {
  private readonly queue: QueuedEmail[] = [];
  private running: Promise<void> | undefined;
  private closing = false;

  constructor(private readonly options: OrderEmailsOptions) {}

  private enqueue(description: Record<string, unknown>, send: () => Promise<void>): void {
    this.queue.push({ description, send, attempt: 1 });
    // setImmediate: the caller's response is written before the first email is even built.
    this.running ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.drain());
  }

  private async drain(): Promise<void> {
    try {
      for (let email = this.queue[0]; email; email = this.queue[0]) {
        try {
          await email.send();
          this.queue.shift();
        } catch (error) {
          if (email.attempt >= ATTEMPTS || this.closing) {
            this.queue.shift();
            this.options.log.error({ err: error, ...email.description, attempts: email.attempt }, 'order email failed');
          } else {
            this.options.log.warn(
              { err: error, ...email.description, attempt: email.attempt },
              'order email failed, retrying',
            );
            email.attempt += 1;
            await new Promise((resolve) => setTimeout(resolve, this.options.retryDelayMs ?? RETRY_DELAY_MS).unref());
          }
        }
      }
    } finally {
      this.running = undefined;
    }
  }

  /** For closing the app: sends what is queued (no more retries), within a time limit. */
  async close(): Promise<void> {
    this.closing = true;
    if (!this.running) return;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<void>((resolve) => (timer = setTimeout(resolve, DRAIN_TIMEOUT_MS)));
    await Promise.race([this.running, timedOut]);
    clearTimeout(timer);
    for (const email of this.queue.splice(0))
      this.options.log.error({ ...email.description }, 'order email not sent: the app closed first');
  }

  private values(order: OrderRow, name: string | null): Record<string, string> {
    return {
      shop: new URL(this.options.publicUrl).host,
      name: name ?? '',
      number: shortOrderNumber(order.id),
      robot: order.robot_name,
      price: order.price.toFixed(2),
      telegram: order.telegram_username,
      link: `${this.options.publicUrl}/Dashboard`,
      order: this.orderPage(order),
    };
  }

  /** The order's own page (the wizard, at the step the order is in); My Orders for an order whose robot is gone. */
  private orderPage(order: OrderRow): string {
    if (!order.robot_id) return `${this.options.publicUrl}/Dashboard`;
    const query = new URLSearchParams({ robotId: order.robot_id, orderId: order.id });
    return `${this.options.publicUrl}/OrderForm?${query.toString()}`;
  }

  /** Queues the email; returns at once. */
  toClient(kind: ClientEmail, order: OrderRow): void {
    this.enqueue({ orderId: order.id, kind }, () => this.sendToClient(kind, order));
  }

  /** Queues one email per administrator, so a retry never sends twice to the others. */
  toAdministrators(order: OrderRow): void {
    this.enqueue({ orderId: order.id, kind: 'administrators' }, () => this.queueForAdministrators(order));
  }

  private async sendToClient(kind: ClientEmail, order: OrderRow): Promise<void> {
    if (!order.user_id) return;
    const contact = await this.options.contact(order.user_id);
    if (!contact) return;
    const language: Language = isLanguage(order.language) ? order.language : 'en';
    const strings = orderEmailStrings(language);
    const text = strings[kind];
    const values = this.values(order, contact.full_name);
    await this.options.mailer.send({
      to: contact.email,
      subject: fill(text.subject, values),
      text: [
        fill(strings.greeting, values),
        '',
        fill(text.body, values),
        '',
        ...(kind === 'received' ? [fill(strings.received.link, values), values.order!, ''] : []),
        fill(strings.myOrders, values),
        values.link!,
      ].join('\n'),
    });
  }

  private async queueForAdministrators(order: OrderRow): Promise<void> {
    const strings = orderEmailStrings('en').adminPaid;
    const contact = order.user_id ? await this.options.contact(order.user_id) : undefined;
    const values = { ...this.values(order, contact?.full_name ?? null), client: contact?.email ?? '' };
    const message = {
      subject: fill(strings.subject, values),
      text: [fill(strings.body, values), '', `${this.options.publicUrl}/Dashboard`].join('\n'),
    };
    for (const to of await this.options.adminEmails()) {
      this.enqueue({ orderId: order.id, kind: 'administrator', to }, () =>
        this.options.mailer.send({ to, ...message }),
      );
    }
  }
}
