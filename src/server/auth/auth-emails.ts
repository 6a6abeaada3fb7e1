import type { MailMessage } from '../integrations/mailer.js';

/**
 * The two account emails. Both languages in one message: the server does not know which one
 * the reader chose in the browser.
 */
export function authEmails(publicUrl: string) {
  const shop = new URL(publicUrl).host;
  return {
    verifyEmail(to: string, url: string): MailMessage {
      return {
        to,
        subject: 'Confirm your email address / Confirmez votre adresse email',
        text: [
          `Welcome to ${shop}! Confirm your email address by opening this link:`,
          url,
          '',
          `Bienvenue sur ${shop} ! Confirmez votre adresse email en ouvrant ce lien :`,
          url,
          '',
          'If you did not create this account, ignore this message. / Si vous n’avez pas créé ce compte, ignorez ce message.',
        ].join('\n'),
      };
    },
    resetPassword(to: string, url: string): MailMessage {
      return {
        to,
        subject: 'Reset your password / Réinitialisez votre mot de passe',
        text: [
          'Someone asked to reset the password of your account. Choose a new one here (valid for one hour):',
          url,
          '',
          'Une réinitialisation du mot de passe de votre compte a été demandée. Choisissez-en un nouveau ici (valable une heure) :',
          url,
          '',
          'If it was not you, ignore this message. / Si ce n’était pas vous, ignorez ce message.',
        ].join('\n'),
      };
    },
  };
}
