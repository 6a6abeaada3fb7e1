import { describe, expect, it } from 'vitest';
import { authEmails, confirmsEmailChange } from './auth-emails.js';

/**
 * The account emails rendered in both languages (issue 19 §5): subject and the sentence that says
 * what the email is about. The shop's name in the subject and the signature is
 * the shop mailer's (shop-mailer.ts), not theirs.
 */
const URL_SENT = 'https://shop.example/api/auth/verify-email?token=abc';

/** A token shaped as better-auth signs them; only its claims matter here. */
function token(claims: Record<string, string>): string {
  return ['header', Buffer.from(JSON.stringify(claims)).toString('base64url'), 'signature'].join('.');
}

const visitor = (language: 'en' | 'fr') =>
  new Request('https://shop.example/', { headers: { cookie: `lang=${language}` } });
const emails = authEmails(async () => ({ shopName: 'Robots Dupont', defaultLanguage: '' }));

describe('account emails, in both languages', () => {
  it('tells a change of address from a sign-up by the token', () => {
    expect(confirmsEmailChange(token({ email: 'old@example.com', updateTo: 'new@example.com' }))).toBe(true);
    expect(confirmsEmailChange(token({ email: 'new@example.com' }))).toBe(false);
    expect(confirmsEmailChange('not-a-token')).toBe(false);
    expect(confirmsEmailChange('a.%%%.b')).toBe(false);
  });

  const cases = {
    verify: {
      en: [
        'Confirm your email address',
        'Welcome to Robots Dupont! Confirm your email address',
        'If you did not create this account',
      ],
      fr: [
        'Confirmez votre adresse email',
        'Bienvenue sur Robots Dupont ! Confirmez votre adresse email',
        "Si vous n'avez pas créé ce compte",
      ],
    },
    change: {
      en: [
        'Confirm your new email address',
        'You asked to change the email address of your account to this one.',
        'Until you confirm it, your account keeps its current address.',
      ],
      fr: [
        'Confirmez votre nouvelle adresse email',
        "Vous avez demandé à remplacer l'adresse email de votre compte par celle-ci.",
        "Tant que vous ne l'avez pas confirmé, votre compte garde son adresse actuelle.",
      ],
    },
    reset: {
      en: ['Reset your password', 'Someone asked to reset the password of your account.', 'If it was not you'],
      fr: [
        'Réinitialisez votre mot de passe',
        'Une réinitialisation du mot de passe de votre compte a été demandée.',
        "Si ce n'était pas vous",
      ],
    },
  } as const;

  for (const [kind, byLanguage] of Object.entries(cases)) {
    for (const language of ['en', 'fr'] as const) {
      it(`${kind} in ${language}`, async () => {
        const [subject, says, ignore] = byLanguage[language];
        const request = visitor(language);
        const message =
          kind === 'reset'
            ? await emails.resetPassword('jane@example.com', URL_SENT, request)
            : await emails.verifyEmail(
                'jane@example.com',
                URL_SENT,
                token(
                  kind === 'change'
                    ? { email: 'old@example.com', updateTo: 'jane@example.com' }
                    : { email: 'jane@example.com' },
                ),
                request,
              );
        expect(message).toMatchObject({ to: 'jane@example.com', subject, signature: [language] });
        expect(message.text).toContain(`${says}`);
        expect(message.text).toContain(`\n${URL_SENT}\n`);
        expect(message.text).toContain(ignore);
        if (kind === 'change') expect(message.text).not.toMatch(/Welcome|Bienvenue|create|créé ce compte/);
      });
    }
  }
});
