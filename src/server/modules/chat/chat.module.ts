import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context.js';
import { chatRoutes } from './chat.routes.js';
import { ChatService } from './chat.service.js';

export async function register(app: FastifyInstance, { settings, automation, log }: ModuleContext): Promise<void> {
  await app.register(chatRoutes(new ChatService(settings, automation, log)));
}
