import type { Language } from '../../../shared/constants.js';
import { isLanguage } from '../../../shared/language.js';
import { shortOrderNumber } from '../../../shared/order-number.js';
import { robotPath } from '../../../shared/robot-slug.js';
import { orderEmailStrings } from '../../text/server-strings.js';
import { createCatalogueService } from '../catalogue/catalogue.service.js';
import type { EmailOutbox } from '../email-outbox/email-outbox.service.js';
import { closing, emailToClient, fill } from './order-emails.js';
import type { OrderRow, OrdersRepository } from './orders.repository.js';

export type TrialEmail = 'trialStarted' | 'trialEnding';

/** The outbox kind of each, as the order's email history names it. */
const kinds: Record<TrialEmail, string> = {
  trialStarted: 'order-trial-started',
  trialEnding: 'order-trial-ending',
};

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
      number: shortOrderNumber(order.id),
      robot: order.robot_name,
      ends: trialEndText(order.trial_ends_at, language),
    };
    // Read in the email's transaction, as everything else here (SQLite has one connection).
    const slug =
      kind === 'trialEnding' ? await createCatalogueService(orders.db).publicRobotSlug(order.robot_id) : null;
    const robotPage = slug ? `${publicUrl}${robotPath(slug)}` : null;
    await this.options.outbox.add(orders.db, [
      emailToClient(
        { kind: kinds[kind], orderId: order.id, language, contact },
        strings,
        fill(text.subject, values),
        fill(text.body, values),
        // Ending: where to buy it, and where the trial is; started: where the robot and its key are.
        robotPage ? [fill(strings.trialEnding.buy, values), robotPage, ''] : [],
        closing(strings, kind === 'trialStarted' ? 'download' : 'follow', publicUrl, order.id),
      ),
    ]);
  }

  /** Wakes the outbox's sender: call once the transaction that wrote emails has committed. */
  sendSoon(): void {
    this.options.outbox.wake();
  }
}
