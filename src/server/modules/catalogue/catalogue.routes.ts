import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { robotListQuerySchema } from '../../../shared/schemas/catalogue.js';
import { cachedRouteOptions, type PublicCache } from '../../http/public-cache.js';
import type { CatalogueService } from './catalogue.service.js';

const robotParams = z.object({ id: z.string().trim().min(1).max(100) });

export function catalogueRoutes(catalogue: CatalogueService, cache: PublicCache): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/categories', { ...cachedRouteOptions, config: { access: 'public' } }, (request, reply) =>
      cache.sendJson(request, reply, 'categories', () => catalogue.listActiveCategories()),
    );

    app.get('/api/robots', { ...cachedRouteOptions, config: { access: 'public' }, schema: { querystring: robotListQuerySchema.omit({ status: true }) } }, (request, reply) => {
      const { category, risk_level, sort } = request.query;
      return cache.sendJson(request, reply, `robots:${category ?? ''}:${risk_level ?? ''}:${sort}`, () => catalogue.listPublicRobots(request.query));
    });

    app.get('/api/robots/:id', { config: { access: 'public' }, schema: { params: robotParams } }, (request) => catalogue.getPublicRobot(request.params.id));

    app.get('/api/robots/:id/history', { config: { access: 'public' }, schema: { params: robotParams } }, (request) =>
      catalogue.getPublicRobotHistory(request.params.id),
    );
  };
}
