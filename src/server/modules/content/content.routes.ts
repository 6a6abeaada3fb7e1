import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageSlugSchema } from '../../../shared/schemas/catalogue.js';
import { cachedRouteOptions, type PublicCache } from '../../http/public-cache.js';
import type { ContentRepository } from './content.repository.js';

export function contentRoutes(content: ContentRepository, cache: PublicCache): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/banners', { ...cachedRouteOptions, config: { access: 'public' } }, (request, reply) => cache.sendJson(request, reply, 'banners', () => content.listActiveBanners()));

    app.get('/api/faqs', { ...cachedRouteOptions, config: { access: 'public' } }, (request, reply) => cache.sendJson(request, reply, 'faqs', () => content.listActiveFaqs()));

    // A page that was never written answers null: the storefront shows its empty message.
    app.get('/api/pages/:slug', { ...cachedRouteOptions, config: { access: 'public' }, schema: { params: z.object({ slug: pageSlugSchema }) } }, (request, reply) =>
      cache.sendJson(request, reply, `page:${request.params.slug}`, async () => (await content.findPage(request.params.slug)) ?? null),
    );
  };
}
