import type { Language } from '../../shared/constants.js';
import { escapeHtml } from '../text/escape-html.js';
import { serverStrings } from '../text/server-strings.js';
import type { MailMessage, Mailer } from './mailer.js';

export interface ShopIdentity {
  /** The shop's name as its owner last saved it (setting site_name), read for each message. */
  name: () => Promise<string>;
  /** The shop's address, under the signature. */
  publicUrl: string;
}

/** `Subject | Shop`, as page titles read; a subject that already names the shop is left alone. */
export function subjectWithShopName(subject: string, shopName: string): string {
  return subject.toLowerCase().includes(shopName.toLowerCase()) ? subject : `${subject} | ${shopName}`;
}

function signatureLines(languages: readonly Language[], shopName: string, publicUrl: string): string[] {
  const names = languages.map((language) => serverStrings(language).emails.signature.replaceAll('{{shop}}', shopName));
  return [names.join(' / '), publicUrl];
}

function signed(message: MailMessage, shopName: string, publicUrl: string): Pick<MailMessage, 'text' | 'html'> {
  if (!message.signature?.length) return { text: message.text, ...(message.html ? { html: message.html } : {}) };
  const lines = signatureLines(message.signature, shopName, publicUrl);
  // "-- " (with its space) is the signature separator mail clients recognise.
  const text = `${message.text}\n\n-- \n${lines.join('\n')}`;
  if (!message.html) return { text };
  const [name, url] = lines.map(escapeHtml);
  return { text, html: `${message.html}<p>-- <br>${name}<br><a href="${url}">${url}</a></p>` };
}

/**
 * Every email leaves in the shop's name (issue 19 §1): the owner's shop name as the sender's
 * display name (the address stays MAIL_FROM's), after the subject, and in the signature of the
 * languages the message asks for. The name is read when the message is sent, so a new name
 * applies at once, also to emails written to the email outbox before it changed; and no email
 * can forget it, since app.ts hands every module this mailer only.
 */
export function withShopIdentity(mailer: Mailer, shop: ShopIdentity): Mailer {
  return {
    get delivers() {
      return mailer.delivers;
    },
    async send(message) {
      const shopName = await shop.name();
      await mailer.send({
        ...message,
        ...signed(message, shopName, shop.publicUrl),
        subject: subjectWithShopName(message.subject, shopName),
        senderName: shopName,
      });
    },
    close: () => mailer.close(),
  };
}
