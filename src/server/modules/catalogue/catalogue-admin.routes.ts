import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { categoryInputSchema, categoryPatchSchema, categorySchema, robotInputSchema, robotPatchSchema, robotSchema } from '../../../shared/schemas/catalogue.js';
import { adminCrudRoutes } from '../../http/admin-crud.js';
import type { ModuleContext } from '../module-context.js';
import { CategoriesRepository } from './categories.repository.js';
import { CategoriesService } from './categories.service.js';
import { RobotsRepository } from './robots.repository.js';
import { RobotsService } from './robots.service.js';

/** Robot and Category management (SPEC §2). */
export function catalogueAdminRoutes({ db, audit }: ModuleContext): FastifyPluginAsyncZod {
  const categories = new CategoriesRepository(db);
  return async (app) => {
    await app.register(
      adminCrudRoutes(
        {
          path: '/api/admin/categories',
          name: 'category',
          entity: categorySchema,
          create: categoryInputSchema,
          patch: categoryPatchSchema,
          service: new CategoriesService(categories),
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
          service: new RobotsService(new RobotsRepository(db), categories),
          label: (robot) => robot.name,
        },
        audit,
      ),
    );
  };
}
