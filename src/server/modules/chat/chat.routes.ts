import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { chatMessageSchema, chatReplySchema } from '../../../shared/schemas/chat.js';
import { limiterFor } from '../../http/rate-limit.js';
import type { ChatService } from './chat.service.js';

export function chatRoutes(chat: ChatService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/chat',
      {
        config: { access: 'public' },
        onRequest: limiterFor(app, { name: 'chat', max: 20, windowMs: 60_000 }),
        schema: { body: chatMessageSchema, response: { 200: chatReplySchema } },
      },
      (request) => chat.ask(request.body.message),
    );
  };
}
