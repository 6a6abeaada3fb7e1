import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Language } from '../../shared/constants.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra header lines, e.g. List-Unsubscribe (RFC 8058) on newsletters. */
  headers?: Record<string, string>;
  /**
   * The languages of the shop's signature under the text (shop-mailer.ts adds it): the reader's,
   * or both when the shop cannot know it. None: the message ends as written (a newsletter's footer).
   */
  signature?: readonly Language[];
  /** The sender's display name (the shop's name, set by shop-mailer.ts); the address is always the configured one. */
  senderName?: string;
  /** A fixed Message-ID (`<local@domain>`): a message sent again after a crash keeps its id. */
  messageId?: string;
  /**
   * Ends the send when aborted (the connection is closed, the send fails): the email outbox's
   * sender gives up on a mail server that does not answer when the app closes.
   */
  signal?: AbortSignal;
}

export interface Mailer {
  /** True when messages really leave (SMTP_URL), false when they only reach the local mail folder. */
  readonly delivers: boolean;
  send(message: MailMessage): Promise<void>;
  /** Closes pooled SMTP connections. */
  close(): void;
}

/**
 * Real mail over SMTP_URL when configured. Otherwise every message is written to the local mail
 * folder, DATA_DIR/outbox/, as an .eml file (open it with any mail client) and logged, so a local
 * shop can still verify addresses and reset passwords. (The folder is not the email outbox, the
 * table of order emails waiting to be sent: decision 0015.)
 */
/**
 * nodemailer is loaded with the first message, not at start: a shop that sends nothing (the
 * storefront's reads) does not carry it (issue 21 §5).
 */
async function loadNodemailer() {
  return (await import('nodemailer')).default;
}

export function createMailer(options: {
  smtpUrl: string | undefined;
  /** The sender's address (MAIL_FROM's). */
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  const envelope = ({ senderName, signature: _signature, ...message }: MailMessage) => ({
    from: senderName ? { name: senderName, address: options.from } : options.from,
    ...message,
  });
  if (options.smtpUrl) {
    const smtpUrl = options.smtpUrl;
    // Pooled: a newsletter campaign reuses a few connections instead of opening one per message.
    // One transport however many messages ask for it before it exists (the promise is shared).
    let transport: Promise<Transporter> | undefined;
    return {
      delivers: true,
      async send(message) {
        transport ??= loadNodemailer().then((nodemailer) =>
          nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: 2 }),
        );
        await (await transport).sendMail(envelope(message));
        options.log.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
      close: () => void transport?.then((opened) => opened.close()),
    };
  }
  const mailFolder = path.join(options.dataDir, 'outbox');
  let builder: Promise<Transporter> | undefined;
  return {
    delivers: false,
    async send(message) {
      builder ??= loadNodemailer().then((nodemailer) =>
        nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
      );
      const built = await (await builder).sendMail(envelope(message));
      mkdirSync(mailFolder, { recursive: true });
      const file = path.join(
        mailFolder,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`,
      );
      writeFileSync(file, built.message as Buffer);
      options.log.info(
        { to: message.to, subject: message.subject, file },
        'mail written to the local mail folder (SMTP_URL is not set)',
      );
    },
    close: () => undefined,
  };
}
