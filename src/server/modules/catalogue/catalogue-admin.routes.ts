import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { categoriesResource, robotsResource } from '../../../shared/admin-resources.js';
import { adminCrudRoutes } from '../../http/admin-crud.js';
import type { AuditPort } from '../../http/audit-port.js';
import type { CategoriesService } from './categories.service.js';
import type { RobotsService } from './robots.service.js';

/** Robot and Category management (SPEC §2). */
export function catalogueAdminRoutes(
  categories: CategoriesService,
  robots: RobotsService,
  audit: AuditPort,
): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(adminCrudRoutes(categoriesResource, categories, audit));
    await app.register(adminCrudRoutes(robotsResource, robots, audit));
  };
}
