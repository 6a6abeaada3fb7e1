import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { timeOrderedId } from '../../db/time-ordered-id.js';
import { isLanguage } from '../../../shared/language.js';
import type { Mailer } from '../../integrations/mailer.js';
import {
  EmailOutboxRepository,
  type CompiledOutboxQueries,
  type DueEmail,
  type OutboxEntry,
  type SentEmail,
} from './email-outbox.repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The email outbox's sender (tests wait on `drain()`, never on time). */
    emailOutbox: EmailOutbox;
  }
}

/** An email to write to the outbox: the rendered message and what it is about. */
export interface OutboxMessage {
  /** What the email is about, e.g. `order-paid`. */
  kind: string;
  orderId: string | null;
  language: string | null;
  to: string;
  subject: string;
  text: string;
}

/** Runs `work` unless another app instance is already sending (db/dialect.ts runExclusive). */
export type Exclusive = (work: () => Promise<void>) => Promise<{ ran: boolean }>;

export interface EmailOutboxOptions {
  db: Kysely<Database>;
  mailer: Mailer;
  exclusive: Exclusive;
  /** The domain of the Message-IDs (PUBLIC_URL's host name). */
  messageIdDomain: string;
  log: FastifyBaseLogger;
  /** How often an idle sender looks for work: retries that came due, emails written by another instance. */
  pollMs?: number;
  /** Pause after each failed attempt, in order; the last failure of the list gives up (tests shorten it). */
  retryDelaysMs?: readonly number[];
  /** How long closing waits for the message in flight. */
  stopWaitMs?: number;
}

/**
 * Pause after the 1st, 2nd, … failed attempt: about 21 hours from the first attempt to the last,
 * so a mail server down for an evening loses nothing. After the last, the email is given up.
 */
export const RETRY_DELAYS_MS = [10_000, 60_000, 300_000, 1_800_000, 7_200_000, 21_600_000, 43_200_000] as const;
const POLL_MS = 5_000;
/** Closing waits this long for the message in flight, well within main.ts's shutdown grace. */
const STOP_WAIT_MS = 5_000;
const BATCH_SIZE = 20;
/** Sent and given-up emails are kept this long (the order's timeline shows them), then removed. */
const KEEP_FINISHED_MS = 90 * 86_400_000;
const PURGE_EVERY_MS = 3_600_000;

/** An email SMTP accepted, not yet marked sent, with what its log lines say of it. */
interface Accepted extends SentEmail {
  about: Record<string, unknown>;
}

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}

/**
 * The email outbox (decision 0015). `add` writes emails in the caller's transaction, so an email
 * exists exactly when the change that caused it committed; the sender sends the rows that are
 * due, one at a time, and records each outcome. It runs under the `email-outbox` job lock, so
 * one instance sends when several share a PostgreSQL database; `wake()` after a commit sends at
 * once, a poll catches the rest. Each attempt is claimed in the database before SMTP sees the
 * message and the row is marked sent as soon as SMTP accepts it (in the commit of the next
 * claim, which follows at once, or alone at the pass's end), so an email is not sent twice
 * in the normal course; a crash between SMTP's acceptance and that write sends it once more,
 * with the same Message-ID.
 */
export class EmailOutbox {
  private readonly repository: EmailOutboxRepository;
  private readonly retryDelaysMs: readonly number[];
  private running: Promise<void> | null = null;
  private again = false;
  private stopping = false;
  /** Aborts the send in flight when closing has waited long enough. */
  private readonly giveUpInFlight = new AbortController();
  private timer: NodeJS.Timeout | null = null;
  private lastPurge = 0;
  /** The inserts of `add`, compiled once for every transaction that writes emails. */
  private readonly compiledInserts: CompiledOutboxQueries = {};

  constructor(private readonly options: EmailOutboxOptions) {
    this.repository = new EmailOutboxRepository(options.db);
    this.retryDelaysMs = options.retryDelaysMs ?? RETRY_DELAYS_MS;
  }

  /**
   * Writes emails to the outbox through `db`, the transaction of the change that causes them.
   * They leave once it commits: call `wake()` then.
   */
  async add(db: Kysely<Database>, messages: OutboxMessage[]): Promise<void> {
    const now = new Date().toISOString();
    await new EmailOutboxRepository(db, this.compiledInserts).insert(
      messages.map((message) => {
        // Time-ordered (UUID v7): each new row lands at the end of the id and Message-ID indexes
        // instead of on a random page of each, so a commit of many new orders writes fewer pages
        // (issue 21 §2); the sender's updates then also touch recent pages only.
        const { id } = timeOrderedId();
        return {
          id,
          message_id: `<${id}@${this.options.messageIdDomain}>`,
          kind: message.kind,
          order_id: message.orderId,
          recipient: message.to,
          language: message.language,
          subject: message.subject,
          body: message.text,
          created_at: now,
          next_attempt_at: now,
        };
      }),
    );
  }

  /** What became of an order's emails, oldest first. */
  forOrder(orderId: string): Promise<OutboxEntry[]> {
    return this.repository.forOrder(orderId);
  }

  /** Starts polling, and sends what an earlier run left (a crash, a restart). */
  start(): void {
    if (this.timer || this.stopping) return;
    this.timer = setInterval(() => this.wake(), this.options.pollMs ?? POLL_MS);
    this.timer.unref();
    this.wake();
  }

  /** Sends what is due now, e.g. right after a transaction that added emails committed. */
  wake(): void {
    if (this.stopping) return;
    if (this.running) {
      // The pass in progress may have looked before the new rows committed: one more pass after it.
      this.again = true;
      return;
    }
    this.running = this.options
      .exclusive(() => this.sendDue())
      .then(() => undefined)
      .catch((error: unknown) => this.options.log.error({ err: error }, 'email outbox: sending failed; retrying later'))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /**
   * Resolves once no email is due: every one waiting was sent, given up, or failed and waits for
   * its retry. Tests wait on this, never on time.
   */
  async drain(): Promise<void> {
    for (;;) {
      if (this.stopping) return;
      this.wake();
      while (this.running) await this.running;
      if ((await this.repository.countDue(new Date().toISOString())) === 0) return;
      // Another instance holds the job lock and is sending: let it.
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /**
   * Stops sending: no new attempt starts, and the message in flight is given a few seconds to be
   * accepted and recorded. A mail server that has not answered by then has its connection closed:
   * the attempt is recorded as failed and the email waits for its retry, after the next start.
   * Nothing is left half-written: every attempt ends as sent, failed or claimed, as after a crash.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (!this.running) return;
    const timeout = setTimeout(() => this.giveUpInFlight.abort(), this.options.stopWaitMs ?? STOP_WAIT_MS);
    await this.running;
    clearTimeout(timeout);
  }

  /**
   * Sends the due emails one at a time. The email SMTP accepted is marked sent in the commit that
   * claims the next one (`EmailOutboxRepository.claim`), or alone when the pass ends: never later
   * than the next claim, which follows at once.
   */
  private async sendDue(): Promise<void> {
    await this.purge();
    let accepted: Accepted | null = null;
    try {
      for (;;) {
        if (this.stopping) return;
        const due = await this.repository.due(new Date().toISOString(), BATCH_SIZE);
        if (due.length === 0) return;
        for (const email of due) {
          if (this.stopping) return;
          const previous = accepted;
          accepted = null;
          accepted = await this.sendOne(email, previous);
        }
      }
    } finally {
      if (accepted) await this.recordSent(accepted, () => this.repository.markSent(accepted!));
    }
  }

  /** Claims `email` (recording `previous` with the claim), sends it, and answers it if SMTP accepted it. */
  private async sendOne(email: DueEmail, previous: Accepted | null): Promise<Accepted | null> {
    const { mailer, log } = this.options;
    const attempt = email.attempts + 1;
    const now = new Date();
    const lastAttempt = attempt > this.retryDelaysMs.length;
    // After the last attempt the row is either sent or given up; the retry time only matters
    // if this process dies before it knows.
    const retryAt = new Date(now.getTime() + (this.retryDelaysMs[attempt - 1] ?? this.retryDelaysMs.at(-1) ?? 0));
    const claim = {
      id: email.id,
      seenAttempts: email.attempts,
      now: now.toISOString(),
      retryAt: retryAt.toISOString(),
    };
    const claimed = previous
      ? await this.recordSent(previous, () => this.repository.claim(claim, previous))
      : await this.repository.claim(claim);
    if (!claimed) return null;
    const about = { emailId: email.id, kind: email.kind, orderId: email.order_id, to: email.recipient, attempt };
    try {
      await mailer.send({
        to: email.recipient,
        subject: email.subject,
        text: email.body,
        // Signed in the language it was written in (the shop's name is added when it is sent).
        signature: [isLanguage(email.language) ? email.language : 'en'],
        messageId: email.message_id,
        signal: this.giveUpInFlight.signal,
      });
    } catch (error) {
      const responseCode = (error as { responseCode?: unknown }).responseCode;
      // 5xx: the server refuses this message for good (RFC 5321); anything else may work later.
      const permanent = typeof responseCode === 'number' && responseCode >= 500;
      // An attempt cut short by closing the app is not the email's fault: never its last.
      const giveUp = permanent || (lastAttempt && !this.giveUpInFlight.signal.aborted);
      await this.repository.markFailed(email.id, errorText(error), giveUp ? new Date().toISOString() : null);
      if (giveUp) log.error({ err: error, ...about }, 'email outbox: email not sent, given up');
      else
        log.warn({ err: error, ...about, retryAt: retryAt.toISOString() }, 'email outbox: email not sent, will retry');
      return null;
    }
    return { id: email.id, sentAt: new Date().toISOString(), about };
  }

  /** Runs the write that marks `accepted` sent; if it fails, says so before the pass ends. */
  private async recordSent<T>(accepted: Accepted, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      this.options.log.error(
        { err: error, ...accepted.about },
        'email outbox: email sent but not recorded; it will be sent again',
      );
      throw error;
    }
  }

  private async purge(): Promise<void> {
    if (Date.now() - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = Date.now();
    await this.repository.purgeFinished(new Date(Date.now() - KEEP_FINISHED_MS).toISOString());
  }
}

/** The outbox of the app's database; app.ts builds the one every module writes to. */
export function createEmailOutbox(options: EmailOutboxOptions): EmailOutbox {
  return new EmailOutbox(options);
}
