import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context.js';
import { settingsRoutes } from './settings.routes.js';

export async function register(
  app: FastifyInstance,
  { settings, automation, cache, audit }: ModuleContext,
): Promise<void> {
  await app.register(settingsRoutes(settings, cache, audit, automation));
}
