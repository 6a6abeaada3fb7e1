import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context.js';

/**
 * The email outbox's sender (decision 0015): app.ts builds the outbox into the module context,
 * where modules write their emails; this starts and stops the sender with the app.
 */
export async function register(app: FastifyInstance, { emailOutbox }: ModuleContext): Promise<void> {
  app.decorate('emailOutbox', emailOutbox);
  // Once the app is ready: what a crash or a restart left waiting goes out first.
  app.addHook('onReady', async () => emailOutbox.start());
  // Stops before the mailer and the database close (onClose hooks run last in, first out).
  app.addHook('onClose', () => emailOutbox.stop());
}
