import type { FastifyBaseLogger } from 'fastify';
import { isUniqueViolation } from '../../db/dialect.js';
import { ConflictError } from '../../errors.js';
import type { Mailer } from '../../integrations/mailer.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { NewsletterEmails } from './newsletter-emails.js';
import type { NewsletterRepository } from './newsletter.repository.js';

export interface NewsletterServiceOptions {
  subscribers: NewsletterRepository;
  settings: SettingsService;
  mailer: Mailer;
  emails: NewsletterEmails;
  log: FastifyBaseLogger;
}

/** The visitor's side: subscribe (with double opt-in when the setting is on), confirm, unsubscribe. */
export class NewsletterService {
  constructor(private readonly options: NewsletterServiceOptions) {}

  async subscribe(email: string): Promise<{ confirmationRequired: boolean }> {
    const { subscribers, settings } = this.options;
    const doubleOptIn = (await settings.getAll()).newsletter_double_opt_in === 'true';
    try {
      const subscriber = await subscribers.insert(email, !doubleOptIn);
      if (doubleOptIn) await this.sendConfirmation(subscriber.email, subscriber.unsubscribe_token);
      return { confirmationRequired: doubleOptIn };
    } catch (error) {
      // The unique index is on lower(email): Reader@x.com and reader@x.com are one subscriber.
      if (!isUniqueViolation(error)) throw error;
      // Someone who lost the confirmation email may ask again; a confirmed address is a conflict.
      const existing = await subscribers.findByEmail(email);
      if (doubleOptIn && existing && existing.confirmed_date === null) {
        await this.sendConfirmation(existing.email, existing.unsubscribe_token);
        return { confirmationRequired: true };
      }
      throw new ConflictError('This email is already subscribed.');
    }
  }

  /** The shop's name, for the pages of its emailed links. */
  shopName(): Promise<string> {
    return this.options.settings.siteName();
  }

  /** Whether an unsubscribe token still belongs to a subscriber (the page asks before it acts). */
  isSubscribed(token: string): Promise<boolean> {
    return this.options.subscribers.existsByToken(token);
  }

  unsubscribe(token: string): Promise<boolean> {
    return this.options.subscribers.deleteByToken(token);
  }

  confirm(token: string): Promise<boolean> {
    return this.options.subscribers.confirmByToken(token);
  }

  /** A mail server that is down must not lose the subscription: the visitor can ask again. */
  private async sendConfirmation(to: string, token: string): Promise<void> {
    try {
      const shop = await this.options.settings.siteName();
      await this.options.mailer.send(this.options.emails.confirmation(to, token, shop));
    } catch (error) {
      this.options.log.error({ err: error }, 'newsletter confirmation email could not be sent');
    }
  }
}
