import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  categorySchema,
  robotListQuerySchema,
  robotSchema,
  robotStatsHistoryPointSchema,
} from '../../../shared/schemas/catalogue.js';
import { parseInput } from '../../http/parse-input.js';
import { cachedRouteOptions, sendEntry, type PublicCache } from '../../http/public-cache.js';
import { activePublicRobots, type CatalogueService } from './catalogue.service.js';

const robotParams = z.object({ id: z.string().trim().min(1).max(100) });
/** Any spelling is looked up in lower case; one that cannot be a slug is simply not found. */
const robotSlugParams = z.object({ slug: z.string().trim().toLowerCase().min(1).max(200) });
const publicRobotListQuery = robotListQuerySchema.omit({ status: true });
const activeCategories = z.array(categorySchema);
const publicRobots = z.array(robotSchema);

/** The cache key of a robot list: its three parameters, the default sort spelled out; none for a repeated parameter. */
function robotListKey({
  category = '',
  risk_level = '',
  sort = '-created_date',
}: {
  category?: unknown;
  risk_level?: unknown;
  sort?: unknown;
}): string | undefined {
  const values = [category, risk_level, sort];
  return values.every((value) => typeof value === 'string') ? `robots|${values.join('|')}` : undefined;
}

export function catalogueRoutes(catalogue: CatalogueService, cache: PublicCache): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/categories',
      { ...cachedRouteOptions, config: { access: 'public' }, schema: { response: { 200: activeCategories } } },
      (request, reply) =>
        cache.sendJson(request, reply, 'categories', activeCategories, () => catalogue.listActiveCategories()),
    );

    // The answer depends on three parameters only: the cache key is made of their checked values,
    // whatever else the query string holds, and a category no active robot has is answered
    // without a database read or a cache entry. The storefront asks for the same few lists all
    // the time, so a query whose answer is cached under its own values skips the checks.
    app.get(
      '/api/robots',
      { ...cachedRouteOptions, config: { access: 'public' }, schema: { response: { 200: publicRobots } } },
      async (request, reply) => {
        const rawKey = robotListKey(request.query as Record<string, unknown>);
        const cached = rawKey === undefined ? undefined : cache.fresh(rawKey);
        if (cached) return sendEntry(request, reply, await cached);
        const query = parseInput(publicRobotListQuery, request.query, 'querystring');
        if (
          query.category !== undefined &&
          !(await activePublicRobots(cache, catalogue)).some((robot) => robot.category === query.category)
        ) {
          return reply.send([]);
        }
        return cache.sendJson(request, reply, robotListKey(query)!, publicRobots, () =>
          catalogue.listPublicRobots(query),
        );
      },
    );

    app.get(
      '/api/robots/:id',
      { config: { access: 'public' }, schema: { params: robotParams, response: { 200: robotSchema } } },
      (request) => catalogue.getPublicRobot(request.params.id),
    );

    // The robot at `/robots/<slug>` (issue 19 §4), or the one a former slug led to: the answer
    // carries the current slug, so the page can move to the robot's address.
    app.get(
      '/api/robots/by-slug/:slug',
      { config: { access: 'public' }, schema: { params: robotSlugParams, response: { 200: robotSchema } } },
      (request) => catalogue.getPublicRobotBySlug(request.params.slug),
    );

    app.get(
      '/api/robots/:id/history',
      {
        config: { access: 'public' },
        schema: { params: robotParams, response: { 200: z.array(robotStatsHistoryPointSchema) } },
      },
      (request) => catalogue.getPublicRobotHistory(request.params.id),
    );
  };
}
