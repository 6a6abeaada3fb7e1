import { ApiError } from '../../lib/api-client';

/**
 * The footer form's states (SPEC §4 "Newsletter form (footer)") and the catalogue key of the
 * message each one shows; kept free of React so the rules are tested on their own.
 */
export type NewsletterMessageKey =
  | 'newsletter.messages.invalidEmail'
  | 'newsletter.messages.success'
  | 'newsletterOptIn.checkEmail'
  | 'newsletter.messages.failed'
  | 'newsletter.messages.rateLimited';

export type NewsletterFormState =
  | { status: 'idle' }
  | { status: 'submitting' }
  | { status: 'success'; message: NewsletterMessageKey }
  | { status: 'error'; message: NewsletterMessageKey };

/**
 * SPEC §5: non-empty and containing '@'. Deliberately that loose: the server checks the address
 * properly, and a stricter rule here would turn its answer into a second, different message.
 */
export function isNewsletterEmail(email: string): boolean {
  const trimmed = email.trim();
  return trimmed !== '' && trimmed.includes('@');
}

/**
 * SPEC §8 has one message for every failure (already subscribed, invalid, unreachable); only
 * "too many attempts" gets its own, since waiting is the one thing that helps there.
 */
export function subscribeFailureMessage(error: unknown): NewsletterMessageKey {
  return error instanceof ApiError && error.status === 429
    ? 'newsletter.messages.rateLimited'
    : 'newsletter.messages.failed';
}
