import type { Language } from '../../../shared/constants.js';
import { shortOrderNumber } from '../../../shared/order-number.js';
import type { OrderEmailRecord } from '../../../shared/schemas/orders.js';
import { isLanguage } from '../../../shared/language.js';
import { htmlToText } from '../../text/escape-html.js';
import { orderEmailStrings } from '../../text/server-strings.js';
import type { EmailOutbox } from '../email-outbox/email-outbox.service.js';
import type { OrderRow, OrdersRepository } from './orders.repository.js';

export type ClientEmail = 'received' | 'paid' | 'delivered' | 'refunded' | 'cancelled';

/**
 * What the administrators are told of a paid order: to deliver it (per order), that it was
 * delivered automatically, or that it waits for them because its robot has no release (decision 0018).
 */
export type AdministratorEmail = 'adminPaid' | 'adminDelivered' | 'adminNoRelease';

const administratorKinds: Record<AdministratorEmail, string> = {
  adminPaid: 'order-paid-administrator',
  adminDelivered: 'order-delivered-administrator',
  adminNoRelease: 'order-release-missing-administrator',
};

/** The version a new-version email announces. */
export interface AnnouncedVersion {
  label: string;
  /** Sanitised rich text; sent as text. */
  notes: string;
}

export interface OrderEmailsOptions {
  outbox: Pick<EmailOutbox, 'add' | 'wake' | 'forOrder'>;
  publicUrl: string;
}

function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (match, name: string) => values[name] ?? match);
}

/**
 * The order emails (issue 9): received (with the link to that order, issue 17 §3), payment
 * confirmed, delivered, refunded (decision 0014), cancelled for want of payment (issue 17 §3)
 * and each new version (decision 0018) to the client in the language they ordered in, and a note
 * to each administrator for each paid order. Texts come from the i18n catalogues.
 *
 * Each email is rendered and written to the email outbox (decision 0015) through `orders`, the
 * repository of the transaction that changes the order: it exists exactly when the change
 * committed, and a crash cannot lose it. After the commit, `sendSoon()` wakes the sender.
 */
export class OrderEmails {
  constructor(private readonly options: OrderEmailsOptions) {}

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

  /** Writes the client's email in `orders`' transaction (nothing when the client's account is gone). */
  async toClient(kind: ClientEmail, order: OrderRow, orders: OrdersRepository): Promise<void> {
    if (!order.user_id) return;
    const contact = await orders.userContact(order.user_id);
    if (!contact) return;
    const language: Language = isLanguage(order.language) ? order.language : 'en';
    const strings = orderEmailStrings(language);
    const text = strings[kind];
    const values = this.values(order, contact.full_name);
    await this.options.outbox.add(orders.db, [
      {
        kind: `order-${kind}`,
        orderId: order.id,
        language,
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
      },
    ]);
  }

  /**
   * Writes the client's email about a new version of their robot (a new release, or a new file
   * uploaded for their order), with its notes as text, in `orders`' transaction.
   */
  async newVersion(order: OrderRow, version: AnnouncedVersion, orders: OrdersRepository): Promise<void> {
    if (!order.user_id) return;
    const contact = await orders.userContact(order.user_id);
    if (!contact) return;
    const language: Language = isLanguage(order.language) ? order.language : 'en';
    const strings = orderEmailStrings(language);
    const values: Record<string, string> = { ...this.values(order, contact.full_name), version: version.label };
    const notes = htmlToText(version.notes);
    await this.options.outbox.add(orders.db, [
      {
        kind: 'order-new-version',
        orderId: order.id,
        language,
        to: contact.email,
        subject: fill(strings.newVersion.subject, values),
        text: [
          fill(strings.greeting, values),
          '',
          fill(strings.newVersion.body, values),
          '',
          ...(notes ? [strings.newVersion.notes, notes, ''] : []),
          fill(strings.myOrders, values),
          values.link!,
        ].join('\n'),
      },
    ]);
  }

  /**
   * Writes one email per administrator in `orders`' transaction: each is sent, and retried, on
   * its own. `version` is the release an automatic delivery sent.
   */
  async toAdministrators(
    order: OrderRow,
    orders: OrdersRepository,
    about: AdministratorEmail = 'adminPaid',
    version = '',
  ): Promise<void> {
    const strings = orderEmailStrings('en')[about];
    const contact = order.user_id ? await orders.userContact(order.user_id) : undefined;
    const values = { ...this.values(order, contact?.full_name ?? null), client: contact?.email ?? '', version };
    const subject = fill(strings.subject, values);
    const text = [fill(strings.body, values), '', `${this.options.publicUrl}/Dashboard`].join('\n');
    await this.options.outbox.add(
      orders.db,
      (await orders.adminEmails()).map((to) => ({
        kind: administratorKinds[about],
        orderId: order.id,
        language: 'en',
        to,
        subject,
        text,
      })),
    );
  }

  /** Wakes the outbox's sender: call once the transaction that wrote emails has committed. */
  sendSoon(): void {
    this.options.outbox.wake();
  }

  /** The order's emails and what became of each, for the administrator. */
  history(orderId: string): Promise<OrderEmailRecord[]> {
    return this.options.outbox.forOrder(orderId);
  }
}
