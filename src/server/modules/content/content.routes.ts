import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageSlugSchema } from '../../../shared/schemas/catalogue.js';
import type { ContentRepository } from './content.repository.js';

export function contentRoutes(content: ContentRepository): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/banners', { config: { access: 'public' } }, () => content.listActiveBanners());

    app.get('/api/faqs', { config: { access: 'public' } }, () => content.listActiveFaqs());

    // A page that was never written answers null: the storefront shows its empty message.
    app.get('/api/pages/:slug', { config: { access: 'public' }, schema: { params: z.object({ slug: pageSlugSchema }) } }, async (request) =>
      (await content.findPage(request.params.slug)) ?? null,
    );
  };
}
