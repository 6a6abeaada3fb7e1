import type { Language } from '../../shared/constants.js';
import { serverStrings } from '../text/server-strings.js';
import { chooseLanguage } from '../text/language.js';
import type { MailMessage } from '../integrations/mailer.js';

type EmailKind = 'verify' | 'change' | 'reset';

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

/**
 * Whether a verification link confirms a new address for an existing account rather than the
 * address of a new one. better-auth sends both through the same callback, with a token it signed
 * itself; only the change's token carries the address the account moves to (`updateTo`). The
 * token is read, not trusted: it decides the wording only, and better-auth checks it when opened.
 */
export function confirmsEmailChange(token: string): boolean {
  const payload = token.split('.')[1];
  if (!payload) return false;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { updateTo?: unknown };
    return typeof claims.updateTo === 'string' && claims.updateTo !== '';
  } catch {
    return false;
  }
}

export function authEmails(context: () => Promise<EmailContext>) {
  const build = async (kind: EmailKind, to: string, url: string, request: Request | undefined) => {
    const { shopName, defaultLanguage } = await context();
    return accountEmail(kind, to, url, shopName, languageOf(request, defaultLanguage));
  };
  return {
    /** A new account's address, or the new address of an account (`token` tells them apart). */
    verifyEmail: (to: string, url: string, token: string, request: Request | undefined) =>
      build(confirmsEmailChange(token) ? 'change' : 'verify', to, url, request),
    resetPassword: (to: string, url: string, request: Request | undefined) => build('reset', to, url, request),
  };
}
