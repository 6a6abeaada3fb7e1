import type { Language } from '../../shared/constants.js';
import { serverStrings } from '../text/server-strings.js';
import { chooseLanguage } from '../text/language.js';
import type { MailMessage } from '../integrations/mailer.js';

type EmailKind = 'verify' | 'reset';

/** What an account email needs to know about the shop; read when the email is sent. */
export interface EmailContext {
  /** The shop's name as its owner wrote it (setting site_name). */
  shopName: string;
  /** The administrator's default language, used when the visitor's own is unknown. */
  defaultLanguage: string;
}

/** One account email, in the language the visitor was using; the texts live in the i18n catalogues. */
function accountEmail(kind: EmailKind, to: string, url: string, shop: string, language: Language): MailMessage {
  const strings = serverStrings(language).emails[kind];
  return {
    to,
    subject: strings.subject,
    text: [strings.body.replaceAll('{{shop}}', shop), url, '', strings.ignore].join('\n'),
    signature: [language],
  };
}

/**
 * The visitor's language, decided as for the pages they see: their stored choice (the `lang`
 * cookie, sent with the request that asks for the email), the administrator's default, the
 * browser's languages.
 */
function languageOf(request: Request | undefined, defaultLanguage: string): Language {
  const header = (name: string) => request?.headers.get(name) ?? undefined;
  return chooseLanguage(
    { headers: { cookie: header('cookie'), 'accept-language': header('accept-language') } },
    defaultLanguage,
  );
}

export function authEmails(context: () => Promise<EmailContext>) {
  const build = (kind: EmailKind) => async (to: string, url: string, request: Request | undefined) => {
    const { shopName, defaultLanguage } = await context();
    return accountEmail(kind, to, url, shopName, languageOf(request, defaultLanguage));
  };
  return { verifyEmail: build('verify'), resetPassword: build('reset') };
}
