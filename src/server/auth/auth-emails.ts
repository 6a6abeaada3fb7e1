import { serverStrings } from '../html/server-strings.js';
import type { MailMessage } from '../integrations/mailer.js';

type EmailKind = 'verify' | 'reset';

/**
 * One account email, in both languages (English first): the server does not know which language
 * the reader chose in the browser. The texts live in the i18n catalogues.
 */
function accountEmail(kind: EmailKind, to: string, url: string, shop: string): MailMessage {
  const [en, fr] = (['en', 'fr'] as const).map((language) => serverStrings(language).emails[kind]);
  const fill = (text: string) => text.replaceAll('{{shop}}', shop);
  return {
    to,
    subject: `${en!.subject} / ${fr!.subject}`,
    text: [fill(en!.body), url, '', fill(fr!.body), url, '', `${en!.ignore} / ${fr!.ignore}`].join('\n'),
  };
}

export function authEmails(publicUrl: string) {
  const shop = new URL(publicUrl).host;
  return {
    verifyEmail: (to: string, url: string) => accountEmail('verify', to, url, shop),
    resetPassword: (to: string, url: string) => accountEmail('reset', to, url, shop),
  };
}
