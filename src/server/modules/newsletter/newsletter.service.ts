import { isUniqueViolation } from '../../db/dialect.js';
import { ConflictError } from '../../errors.js';
import type { NewsletterRepository } from './newsletter.repository.js';

export class NewsletterService {
  constructor(private readonly subscribers: NewsletterRepository) {}

  async subscribe(email: string) {
    try {
      return await this.subscribers.insert(email);
    } catch (error) {
      // The unique index is on lower(email): Reader@x.com and reader@x.com are one subscriber.
      if (isUniqueViolation(error)) throw new ConflictError('This email is already subscribed.');
      throw error;
    }
  }

  unsubscribe(token: string): Promise<boolean> {
    return this.subscribers.deleteByToken(token);
  }
}
