import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context.js';
import { uploadsRoutes } from './uploads.routes.js';

export async function register(app: FastifyInstance, { storage, audit }: ModuleContext): Promise<void> {
  await app.register(uploadsRoutes(storage, audit));
}
