import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { robotListQuerySchema } from '../../../shared/schemas/catalogue.js';
import { parseInput } from '../../http/parse-input.js';
import { cachedRouteOptions, type PublicCache } from '../../http/public-cache.js';
import type { CatalogueService } from './catalogue.service.js';
import { activePublicRobots } from './public-robots.js';

const robotParams = z.object({ id: z.string().trim().min(1).max(100) });
const publicRobotListQuery = robotListQuerySchema.omit({ status: true });

export function catalogueRoutes(catalogue: CatalogueService, cache: PublicCache): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/categories', { ...cachedRouteOptions, config: { access: 'public' } }, (request, reply) =>
      cache.sendJson(request, reply, 'categories', () => catalogue.listActiveCategories()),
    );

    // The answer depends on three parameters only: the cache key is made of their checked values,
    // whatever else the query string holds, and a category no active robot has is answered
    // without a database read or a cache entry.
    app.get('/api/robots', { ...cachedRouteOptions, config: { access: 'public' } }, async (request, reply) => {
      const query = parseInput(publicRobotListQuery, request.query, 'querystring');
      if (query.category !== undefined && !(await activePublicRobots(cache, catalogue)).some((robot) => robot.category === query.category)) {
        return reply.send([]);
      }
      const key = new URLSearchParams({ category: query.category ?? '', risk_level: query.risk_level ?? '', sort: query.sort });
      return cache.sendJson(request, reply, `robots?${key}`, () => catalogue.listPublicRobots(query));
    });

    app.get('/api/robots/:id', { config: { access: 'public' }, schema: { params: robotParams } }, (request) => catalogue.getPublicRobot(request.params.id));

    app.get('/api/robots/:id/history', { config: { access: 'public' }, schema: { params: robotParams } }, (request) =>
      catalogue.getPublicRobotHistory(request.params.id),
    );
  };
}
