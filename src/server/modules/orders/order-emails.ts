import type { FastifyBaseLogger } from 'fastify';
import { ORDER_ID_DISPLAY_LENGTH, type Language } from '../../../shared/constants.js';
import { isLanguage } from '../../../shared/language.js';
import { orderEmailStrings } from '../../html/server-strings.js';
import type { Mailer } from '../../integrations/mailer.js';
import type { OrderRow } from './orders.repository.js';

type ClientEmail = 'received' | 'paid' | 'delivered';

export interface OrderEmailsOptions {
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** The client's address and name for an order's user. */
  contact(userId: string): Promise<{ email: string; full_name: string | null } | undefined>;
  adminEmails(): Promise<string[]>;
}

function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (match, name: string) => values[name] ?? match);
}

/**
 * The order emails (issue 9): received, payment confirmed and delivered to the client in the
 * language they ordered in, and a note to the administrators for each paid order. Texts come from
 * the i18n catalogues. Sending never fails the request that caused it: a mail problem is logged.
 */
export class OrderEmails {
  constructor(private readonly options: OrderEmailsOptions) {}

  private values(order: OrderRow, name: string | null): Record<string, string> {
    return {
      shop: new URL(this.options.publicUrl).host,
      name: name ?? '',
      number: order.id.slice(0, ORDER_ID_DISPLAY_LENGTH),
      robot: order.robot_name,
      price: order.price.toFixed(2),
      telegram: order.telegram_username,
      link: `${this.options.publicUrl}/Dashboard`,
    };
  }

  /** Sends in the background; returns at once. */
  toClient(kind: ClientEmail, order: OrderRow): void {
    void this.sendToClient(kind, order).catch((error: unknown) => this.options.log.error({ err: error, orderId: order.id, kind }, 'order email failed'));
  }

  toAdministrators(order: OrderRow): void {
    void this.sendToAdministrators(order).catch((error: unknown) => this.options.log.error({ err: error, orderId: order.id }, 'administrator order email failed'));
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
      text: [fill(strings.greeting, values), '', fill(text.body, values), '', fill(strings.myOrders, values), values.link!].join('\n'),
    });
  }

  private async sendToAdministrators(order: OrderRow): Promise<void> {
    const strings = orderEmailStrings('en').adminPaid;
    const contact = order.user_id ? await this.options.contact(order.user_id) : undefined;
    const values = { ...this.values(order, contact?.full_name ?? null), client: contact?.email ?? '' };
    for (const to of await this.options.adminEmails()) {
      await this.options.mailer.send({ to, subject: fill(strings.subject, values), text: [fill(strings.body, values), '', `${this.options.publicUrl}/Dashboard`].join('\n') });
    }
  }
}
