import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../integrations/mailer.js';
import type { CampaignsRepository, PendingDelivery } from './campaigns.repository.js';
import type { NewsletterEmails } from './newsletter-emails.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends email campaigns in the background (tests wake it as a campaign from another instance would). */
    campaignSender: CampaignSender;
  }
}

/** Runs `work` unless another app instance is already sending (db/dialect.ts runExclusive). */
export type Exclusive = (work: () => Promise<void>) => Promise<{ ran: boolean }>;

export interface CampaignSenderOptions {
  campaigns: CampaignsRepository;
  mailer: Mailer;
  emails: NewsletterEmails;
  /** The shop's name (setting site_name) that the footer names, read once per batch of recipients. */
  shopName: () => Promise<string>;
  /** Messages per second handed to SMTP (NEWSLETTER_SEND_RATE). */
  ratePerSecond: number;
  exclusive: Exclusive;
  log: FastifyBaseLogger;
  /** How often an idle sender looks for work, e.g. a campaign created on another instance. */
  pollMs?: number;
}

/** Transient failures (connection lost, 4xx) are retried this many times before giving up on a recipient. */
const MAX_ATTEMPTS = 5;
const BATCH_SIZE = 100;

/**
 * Sends email campaigns in the background, one recipient at a time at a steady rate, working
 * only from the delivery rows in the database: after a crash or restart it carries on with the
 * rows still pending, so nobody who was recorded as sent gets the campaign again. On PostgreSQL
 * only the instance holding the 'newsletter-send' advisory lock sends; the others stay idle.
 */
export class CampaignSender {
  private readonly stopping = new AbortController();
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private readonly gapMs: number;

  constructor(private readonly options: CampaignSenderOptions) {
    this.gapMs = 1000 / options.ratePerSecond;
  }

  start(): void {
    if (this.timer || this.stopping.signal.aborted) return;
    this.timer = setInterval(() => this.wake(), this.options.pollMs ?? 5000);
    this.timer.unref();
    this.wake();
  }

  /** Looks for work now, e.g. right after a campaign was created. */
  wake(): void {
    if (this.stopping.signal.aborted) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.options
      .exclusive(() => this.sendAll())
      .then(() => undefined)
      .catch((error: unknown) => this.options.log.error({ err: error }, 'newsletter sending failed; retrying later'))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** Finishes the message in flight, then stops; the rest waits in the database for the next start. */
  async stop(): Promise<void> {
    this.stopping.abort();
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Resolves when no campaign is left to send (tests and the bench wait on it). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async sendAll(): Promise<void> {
    for (;;) {
      if (this.stopping.signal.aborted) return;
      const campaign = await this.options.campaigns.nextSendingCampaign();
      if (!campaign) return;
      const finished = await this.sendCampaign(campaign);
      // A transient failure pauses sending until the next poll instead of spinning.
      if (!finished) return;
    }
  }

  /** True when every recipient was handled, false when sending should pause. */
  private async sendCampaign(campaign: { id: string; title: string; content: string }): Promise<boolean> {
    const { campaigns, log } = this.options;
    let nextAt = Date.now();
    for (;;) {
      const batch = await campaigns.pendingDeliveries(campaign.id, BATCH_SIZE);
      if (batch.length === 0) {
        await campaigns.finishCampaign(campaign.id);
        log.info({ campaign: campaign.id }, 'newsletter campaign sent');
        return true;
      }
      const shop = await this.options.shopName();
      for (const delivery of batch) {
        if (this.stopping.signal.aborted) return false;
        if (delivery.unsubscribe_token === null) {
          await campaigns.markDelivery(campaign.id, delivery.subscriber_id, {
            status: 'skipped',
            error: 'unsubscribed',
          });
          continue;
        }
        const wait = nextAt - Date.now();
        if (wait > 0 && !(await this.sleep(wait))) return false;
        nextAt = Math.max(nextAt + this.gapMs, Date.now());
        if (!(await this.deliver(campaign, delivery, delivery.unsubscribe_token, shop))) return false;
      }
    }
  }

  /** Sends one message and records the outcome; false when sending should pause (transient failure). */
  private async deliver(
    campaign: { id: string; title: string; content: string },
    delivery: PendingDelivery,
    token: string,
    shop: string,
  ): Promise<boolean> {
    const { campaigns, mailer, emails, log } = this.options;
    try {
      await mailer.send(emails.campaignMessage(campaign, delivery.email, delivery.subscriber_id, token, shop));
    } catch (error) {
      const responseCode = (error as { responseCode?: unknown }).responseCode;
      const message = error instanceof Error ? error.message.slice(0, 500) : String(error);
      const attempts = delivery.attempts + 1;
      // 5xx: the server refuses this recipient for good; anything else may work later.
      const permanent = typeof responseCode === 'number' && responseCode >= 500;
      if (permanent || attempts >= MAX_ATTEMPTS) {
        await campaigns.markDelivery(campaign.id, delivery.subscriber_id, {
          status: 'failed',
          attempts,
          error: message,
        });
        return true;
      }
      await campaigns.markDelivery(campaign.id, delivery.subscriber_id, {
        status: 'pending',
        attempts,
        error: message,
      });
      log.warn(
        { campaign: campaign.id, err: error },
        'newsletter message not accepted; sending pauses until the next attempt',
      );
      return false;
    }
    // Recorded as soon as the SMTP server accepted the message. A crash between its acceptance and
    // this write (well under a millisecond) would send this one message again at restart, with
    // the same Message-ID; a crash before the acceptance is no delivery by SMTP's rules.
    await campaigns.markDelivery(campaign.id, delivery.subscriber_id, {
      status: 'sent',
      attempts: delivery.attempts + 1,
    });
    return true;
  }

  /** Waits, unless the server stops first (then false). */
  private sleep(ms: number): Promise<boolean> {
    const signal = this.stopping.signal;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        signal.removeEventListener('abort', onAbort);
        resolve(true);
      }, ms);
      const onAbort = () => {
        clearTimeout(timer);
        resolve(false);
      };
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }
}
