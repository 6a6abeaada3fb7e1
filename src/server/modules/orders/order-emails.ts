import type { Language } from '../../../shared/constants.js';
import { shortOrderNumber } from '../../../shared/order-number.js';
import { orderPagePath } from '../../../shared/pages.js';
import type { OrderEmailRecord } from '../../../shared/schemas/orders.js';
import { isLanguage } from '../../../shared/language.js';
import { htmlToText } from '../../text/escape-html.js';
import { orderEmailStrings } from '../../text/server-strings.js';
import type { EmailOutbox, OutboxMessage } from '../email-outbox/email-outbox.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { OrderRow, OrdersRepository, UserContact } from './orders.repository.js';

export type ClientEmail = 'received' | 'underReview' | 'paid' | 'delivered' | 'refunded' | 'cancelled';

/**
 * The last line of a client's email, above the link to the order's own page (issue 19 §5): where
 * their robot is, once it is theirs to download; before that (or after a refund), where to follow
 * the order.
 */
export type ClosingLine = 'follow' | 'download';

// Received has none: its own link, to the order's payment, comes before.
const closingLines: Record<ClientEmail | 'newVersion', ClosingLine | null> = {
  received: null,
  underReview: 'follow',
  paid: 'follow',
  delivered: 'download',
  refunded: 'follow',
  cancelled: 'follow',
  newVersion: 'download',
};

/**
 * What the administrators are told of a paid order: to deliver it (per order), that it was
 * delivered automatically, or that it waits for them because its robot has no release (decision 0018).
 */
export type AdministratorEmail = 'adminPaid' | 'adminDelivered' | 'adminNoRelease';

/** The outbox's kind of each client email (the email history of an order names them). */
const clientKinds: Record<ClientEmail, string> = {
  received: 'order-received',
  underReview: 'order-under-review',
  paid: 'order-paid',
  delivered: 'order-delivered',
  refunded: 'order-refunded',
  cancelled: 'order-cancelled',
};

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
  /** The shop's settings (its language, for the administrators' notes), from the app's cache. */
  settings: Pick<SettingsService, 'getAllWithin'>;
}

/**
 * Prices as their reader writes them ($1,299.00, 1 299,00 $). Made once: building a number format
 * costs more than the rest of an order's email (issue 21 §2, every new order writes one).
 */
const priceFormats: Record<Language, Intl.NumberFormat> = {
  en: new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  fr: new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
};

export function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (match, name: string) => values[name] ?? match);
}

/** "Hello Claire," or, for an account without a name, "Hello,". */
function greeting(strings: ReturnType<typeof orderEmailStrings>, name: string | null): string {
  return name ? fill(strings.greeting, { name }) : strings.greetingWithoutName;
}

/**
 * An email to a client: the greeting, the body, what the email adds (`extra`, each part ending
 * with a blank line) and its closing call to action (`ending`).
 */
export function emailToClient(
  to: { kind: string; orderId: string; language: Language; contact: UserContact },
  strings: ReturnType<typeof orderEmailStrings>,
  subject: string,
  body: string,
  extra: string[],
  ending: string[],
): OutboxMessage {
  const text = [greeting(strings, to.contact.full_name), '', body, '', ...extra, ...ending].join('\n');
  return { kind: to.kind, orderId: to.orderId, language: to.language, to: to.contact.email, subject, text };
}

/** The order's detail page, with its status, files, downloads and licence. */
export function orderDetailUrl(publicUrl: string, orderId: string): string {
  return `${publicUrl}${orderPagePath('OrderDetail', orderId)}`;
}

/**
 * The call to action every client email ends with: the closing line and the order's own page
 * (none for `null`), then My Orders, for all of them.
 */
export function closing(
  strings: ReturnType<typeof orderEmailStrings>,
  line: ClosingLine | null,
  publicUrl: string,
  orderId: string,
): string[] {
  const orderPage = line ? [strings[line], orderDetailUrl(publicUrl, orderId), ''] : [];
  return [...orderPage, strings.allOrders, `${publicUrl}/Dashboard`];
}

/**
 * The order emails (issue 9): received (with the link to that order, issue 17 §3), payment
 * under review (decision 0014), payment confirmed, delivered, refunded (decision 0014), cancelled
 * for want of payment (issue 17 §3) and each new version (decision 0018) to the client in the
 * language they ordered in, and a note to each administrator for each paid order, in the shop's
 * language (setting default_language; English when the visitor's browser decides). Texts come from
 * the i18n catalogues; none names the shop, which the shop mailer adds (issue 19 §1).
 *
 * Each email is rendered and written to the email outbox (decision 0015) through `orders`, the
 * repository of the transaction that changes the order: it exists exactly when the change
 * committed, and a crash cannot lose it. After the commit, `sendSoon()` wakes the sender.
 */
export class OrderEmails {
  constructor(private readonly options: OrderEmailsOptions) {}

  /** The texts' values; the price written as its reader writes numbers ($1,299.00, 1 299,00 $). */
  private values(order: OrderRow, language: Language): Record<string, string> {
    return {
      number: shortOrderNumber(order.id),
      robot: order.robot_name,
      price: priceFormats[language].format(order.price),
      telegram: order.telegram_username,
    };
  }

  /** The order's own page (the wizard, at the step the order is in); My Orders for an order whose robot is gone. */
  private orderPage(order: OrderRow): string {
    if (!order.robot_id) return `${this.options.publicUrl}/Dashboard`;
    const query = new URLSearchParams({ robotId: order.robot_id, orderId: order.id });
    return `${this.options.publicUrl}/OrderForm?${query.toString()}`;
  }

  /**
   * Writes the client's email in `orders`' transaction (nothing when the client's account is gone).
   * `known` is the client's address and name when the caller has just read them (a new order's
   * signed-in client): one query less in the transaction.
   */
  async toClient(kind: ClientEmail, order: OrderRow, orders: OrdersRepository, known?: UserContact): Promise<void> {
    if (!order.user_id) return;
    const contact = known ?? (await orders.userContact(order.user_id));
    if (!contact) return;
    await this.options.outbox.add(orders.db, [this.clientMessage(kind, order, contact)]);
  }

  private clientMessage(kind: ClientEmail, order: OrderRow, contact: UserContact): OutboxMessage {
    const language: Language = isLanguage(order.language) ? order.language : 'en';
    const strings = orderEmailStrings(language);
    const text = strings[kind];
    const values = this.values(order, language);
    return emailToClient(
      { kind: clientKinds[kind], orderId: order.id, language, contact },
      strings,
      fill(text.subject, values),
      fill(text.body, values),
      // Received: the order's own page, where its payment is made or followed.
      kind === 'received' ? [strings.received.link, this.orderPage(order), ''] : [],
      closing(strings, closingLines[kind], this.options.publicUrl, order.id),
    );
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
    const values: Record<string, string> = { ...this.values(order, language), version: version.label };
    const notes = htmlToText(version.notes);
    await this.options.outbox.add(orders.db, [
      emailToClient(
        { kind: 'order-new-version', orderId: order.id, language, contact },
        strings,
        fill(strings.newVersion.subject, values),
        fill(strings.newVersion.body, values),
        notes ? [strings.newVersion.notes, notes, ''] : [],
        closing(strings, closingLines.newVersion, this.options.publicUrl, order.id),
      ),
    ]);
  }

  /**
   * The emails of an order that became paid (or paid and delivered at once), in `orders`'
   * transaction: the client's (`kind`, none when the account is gone), and one per administrator
   * (`about`, with the client's address), each sent and retried on its own. `version` is the release
   * an automatic delivery sent. The recipients are read with one query and the emails written with
   * one insert: two round trips less in a payment callback's transaction (issue 21 §6).
   */
  async toClientAndAdministrators(
    kind: 'paid' | 'delivered',
    order: OrderRow,
    orders: OrdersRepository,
    about: AdministratorEmail,
    version = '',
  ): Promise<void> {
    const { client, administrators } = await orders.paidOrderRecipients(order.user_id);
    // From the settings cache, which a save clears before it answers (on every instance on
    // PostgreSQL): the language of the last committed save, as a read in the transaction would give.
    // A cache too old is read again in the transaction: outside it, the read would wait for it.
    const chosen = (await this.options.settings.getAllWithin(orders.db)).default_language;
    const language: Language = isLanguage(chosen) ? chosen : 'en';
    const strings = orderEmailStrings(language);
    const values = { ...this.values(order, language), client: client?.email ?? '', version };
    const subject = fill(strings[about].subject, values);
    // The back office's Dashboard is the orders table, where the order is delivered or checked.
    const text = [fill(strings[about].body, values), '', strings.adminLink, `${this.options.publicUrl}/Dashboard`].join(
      '\n',
    );
    await this.options.outbox.add(orders.db, [
      ...(client ? [this.clientMessage(kind, order, client)] : []),
      ...administrators.map((to) => ({
        kind: administratorKinds[about],
        orderId: order.id,
        language,
        to,
        subject,
        text,
      })),
    ]);
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
