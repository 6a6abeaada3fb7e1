import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context.js';
import { auditRoutes } from './audit.routes.js';

export async function register(app: FastifyInstance, { audit }: ModuleContext): Promise<void> {
  await app.register(auditRoutes(audit));
}
