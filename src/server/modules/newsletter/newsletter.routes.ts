import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { subscribeSchema } from '../../../shared/schemas/newsletter.js';
import { limiterFor } from '../../http/rate-limit.js';
import { renderMessagePage } from '../../html/message-page.js';
import type { NewsletterService } from './newsletter.service.js';

export function newsletterRoutes(newsletter: NewsletterService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/newsletter/subscribe',
      {
        config: { access: 'public' },
        onRequest: limiterFor(app, { name: 'newsletter', max: 5, windowMs: 60_000 }),
        schema: { body: subscribeSchema },
      },
      async (request, reply) => {
        await newsletter.subscribe(request.body.email);
        return reply.status(201).send({ subscribed: true });
      },
    );

    // The link in every newsletter: a plain page, readable without JavaScript.
    app.get('/unsubscribe', { schema: { querystring: z.object({ token: z.string().max(200).optional() }) } }, async (request, reply) => {
      const token = request.query.token ?? '';
      const removed = token.length > 0 && (await newsletter.unsubscribe(token));
      return renderMessagePage(request, reply, removed ? 'unsubscribe.done' : 'unsubscribe.invalid', removed ? 200 : 404);
    });
  };
}
