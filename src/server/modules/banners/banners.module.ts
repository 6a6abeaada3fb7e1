import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context.js';
import { bannersRoutes } from './banners.routes.js';
import { createBannersService } from './banners.service.js';

export async function register(app: FastifyInstance, { db, cache, audit }: ModuleContext): Promise<void> {
  await app.register(bannersRoutes(createBannersService(db), cache, audit));
}
