import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context.js';
import { contentPagesRoutes } from './content-pages.routes.js';
import { createContentPagesService } from './content-pages.service.js';

export async function register(app: FastifyInstance, { db, cache, audit }: ModuleContext): Promise<void> {
  await app.register(contentPagesRoutes(createContentPagesService(db), cache, audit));
}
