import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { chatMessageSchema } from '../../../shared/schemas/chat.js';
import type { ChatService } from './chat.service.js';

export function chatRoutes(chat: ChatService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/chat',
      {
        config: { access: 'public', rateLimit: { max: 20, timeWindow: 60_000, keyGenerator: (request) => `chat:${request.ip}` } },
        schema: { body: chatMessageSchema },
      },
      (request) => chat.ask(request.body.message),
    );
  };
}
