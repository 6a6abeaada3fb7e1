import type { Language } from '../../../shared/constants.js';
import { isLanguage } from '../../../shared/language.js';
import { shortOrderNumber } from '../../../shared/order-number.js';
import { orderEmailStrings } from '../../text/server-strings.js';
import type { EmailOutbox } from '../email-outbox/email-outbox.service.js';
import type { OrderRow, OrdersRepository } from './orders.repository.js';

export type TrialEmail = 'trialStarted' | 'trialEnding';

/** The outbox kind of each, as the order's email history names it. */
const kinds: Record<TrialEmail, string> = {
  trialStarted: 'order-trial-started',
  trialEnding: 'order-trial-ending',
};

function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (match, name: string) => values[name] ?? match);
}

/** The trial's end for a reader of that language, in UTC (the shop does not know the client's zone). */
export function trialEndText(endsAt: string, language: Language): string {
  const formatted = new Intl.DateTimeFormat(language === 'fr' ? 'fr-FR' : 'en-GB', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(new Date(endsAt));
  return `${formatted} UTC`;
}

/**
 * The free trial's emails to its client (decision 0020), in the language they started it in:
 * when it starts (the robot is ready, the licence runs on demo accounts until its end) and once
 * before it ends. Like the other order emails (order-emails.ts), each is written to the email
 * outbox in the transaction of `orders`, so it exists exactly when its change committed.
 */
export class TrialEmails {
  constructor(private readonly options: { outbox: Pick<EmailOutbox, 'add' | 'wake'>; publicUrl: string }) {}

  /** Writes the email in `orders`' transaction; nothing when the client's account is gone. */
  async toClient(kind: TrialEmail, order: OrderRow, orders: OrdersRepository): Promise<void> {
    if (!order.user_id || !order.trial_ends_at) return;
    const contact = await orders.userContact(order.user_id);
    if (!contact) return;
    const language: Language = isLanguage(order.language) ? order.language : 'en';
    const strings = orderEmailStrings(language);
    const text = strings[kind];
    const { publicUrl } = this.options;
    const values: Record<string, string> = {
      shop: new URL(publicUrl).host,
      name: contact.full_name ?? '',
      number: shortOrderNumber(order.id),
      robot: order.robot_name,
      ends: trialEndText(order.trial_ends_at, language),
    };
    const robotPage = order.robot_id
      ? `${publicUrl}/RobotDetail?${new URLSearchParams({ robotId: order.robot_id }).toString()}`
      : null;
    await this.options.outbox.add(orders.db, [
      {
        kind: kinds[kind],
        orderId: order.id,
        language,
        to: contact.email,
        subject: fill(text.subject, values),
        text: [
          fill(strings.greeting, values),
          '',
          fill(text.body, values),
          '',
          // Ending: where to buy it; started: where the robot and its key are.
          ...(kind === 'trialEnding' && robotPage ? [fill(strings.trialEnding.buy, values), robotPage, ''] : []),
          fill(strings.myOrders, values),
          `${publicUrl}/Dashboard`,
        ].join('\n'),
      },
    ]);
  }

  /** Wakes the outbox's sender: call once the transaction that wrote emails has committed. */
  sendSoon(): void {
    this.options.outbox.wake();
  }
}
