import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_STATUS } from '../../lib/api-client';
import { isNewsletterEmail, subscribeFailureMessage } from './newsletter-form-state';

describe('isNewsletterEmail', () => {
  it('accepts an address with an @', () => {
    expect(isNewsletterEmail('trader@example.com')).toBe(true);
    expect(isNewsletterEmail('  trader@example.com  ')).toBe(true);
  });

  it('refuses an empty value, blanks and text without @', () => {
    expect(isNewsletterEmail('')).toBe(false);
    expect(isNewsletterEmail('   ')).toBe(false);
    expect(isNewsletterEmail('trader.example.com')).toBe(false);
  });
});

describe('subscribeFailureMessage', () => {
  it('says "too many attempts" for a rate-limited request', () => {
    expect(subscribeFailureMessage(new ApiError(429, 'rate_limited', 'Too many requests'))).toBe(
      'newsletter.messages.rateLimited',
    );
  });

  it('gives the one failure message of SPEC §8 for everything else', () => {
    for (const error of [
      new ApiError(409, 'conflict', 'Already subscribed'),
      new ApiError(400, 'validation_error', 'Invalid email'),
      new ApiError(500, 'internal', 'Oops'),
      new ApiError(NETWORK_ERROR_STATUS, 'network_error', 'Failed to fetch'),
      new Error('unexpected'),
    ]) {
      expect(subscribeFailureMessage(error)).toBe('newsletter.messages.failed');
    }
  });
});
