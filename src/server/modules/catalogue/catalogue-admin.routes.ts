import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  categoryInputSchema,
  categoryPatchSchema,
  categorySchema,
  robotInputSchema,
  robotPatchSchema,
  robotSchema,
} from '../../../shared/schemas/catalogue.js';
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
    await app.register(
      adminCrudRoutes(
        {
          path: '/api/admin/categories',
          name: 'category',
          entity: categorySchema,
          create: categoryInputSchema,
          patch: categoryPatchSchema,
          service: categories,
          label: (category) => category.name,
        },
        audit,
      ),
    );
    await app.register(
      adminCrudRoutes(
        {
          path: '/api/admin/robots',
          name: 'robot',
          entity: robotSchema,
          create: robotInputSchema,
          patch: robotPatchSchema,
          service: robots,
          label: (robot) => robot.name,
        },
        audit,
      ),
    );
  };
}
