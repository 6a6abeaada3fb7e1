import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context.js';
import { FaqsRepository } from './faqs.repository.js';
import { faqsRoutes } from './faqs.routes.js';
import { FaqsService } from './faqs.service.js';

export async function register(app: FastifyInstance, { db, cache, audit }: ModuleContext): Promise<void> {
  await app.register(faqsRoutes(new FaqsService(new FaqsRepository(db)), cache, audit));
}
