import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { robotListQuerySchema } from '../../../shared/schemas/catalogue.js';
import { parseInput } from '../../http/parse-input.js';
import { cachedRouteOptions, type PublicCache } from '../../http/public-cache.js';
import type { CatalogueService } from './catalogue.service.js';

const robotParams = z.object({ id: z.string().trim().min(1).max(100) });
const publicRobotListQuery = robotListQuerySchema.omit({ status: true });

export function catalogueRoutes(catalogue: CatalogueService, cache: PublicCache): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/categories', { ...cachedRouteOptions, config: { access: 'public' } }, (request, reply) =>
      cache.sendJson(request, reply, 'categories', () => catalogue.listActiveCategories()),
    );

    // The storefront asks for the same few lists all the time: the query is checked only when
    // its answer is not cached yet (an invalid query is never cached, so it is always refused).
    app.get('/api/robots', { ...cachedRouteOptions, config: { access: 'public' } }, (request, reply) => {
      const rawQuery = request.url.split('?')[1] ?? '';
      return cache.sendJson(request, reply, `robots?${rawQuery}`, () =>
        catalogue.listPublicRobots(parseInput(publicRobotListQuery, request.query, 'querystring')),
      );
    });

    app.get('/api/robots/:id', { config: { access: 'public' }, schema: { params: robotParams } }, (request) => catalogue.getPublicRobot(request.params.id));

    app.get('/api/robots/:id/history', { config: { access: 'public' }, schema: { params: robotParams } }, (request) =>
      catalogue.getPublicRobotHistory(request.params.id),
    );
  };
}
