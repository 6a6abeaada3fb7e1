import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context.js';
import { createRobotReleasesService } from '../robot-releases/robot-releases.service.js';
import { catalogueAdminRoutes } from './catalogue-admin.routes.js';
import { catalogueRoutes } from './catalogue.routes.js';
import { createCatalogueService } from './catalogue.service.js';
import { CategoriesRepository } from './categories.repository.js';
import { CategoriesService } from './categories.service.js';
import { RobotsRepository } from './robots.repository.js';
import { RobotsService } from './robots.service.js';

export async function register(app: FastifyInstance, { db, cache, audit, storage }: ModuleContext): Promise<void> {
  const categories = new CategoriesRepository(db);
  await app.register(catalogueRoutes(createCatalogueService(db), cache));
  await app.register(
    catalogueAdminRoutes(
      new CategoriesService(categories),
      // A deleted robot's release files go with it, unless orders hold them.
      new RobotsService(new RobotsRepository(db), categories, createRobotReleasesService(db, storage)),
      audit,
    ),
  );
}
