import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentPageSaveSchema, contentPageSchema, pageSlugSchema } from '../../../shared/schemas/catalogue.js';
import { logText, type AuditPort } from '../../http/audit-port.js';
import { cachedRouteOptions, type PublicCache } from '../../http/public-cache.js';
import type { ContentPagesService } from './content-pages.service.js';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '../../../shared/audit-names.js';

const slugParams = z.object({ slug: pageSlugSchema });
/** A page that was never written answers null: the storefront shows its empty message. */
const pageOrNull = contentPageSchema.nullable();

/** Every content page of the one slug list (Copy Trade, Update, the legal pages, and any page added to it). */
export function contentPagesRoutes(
  pages: ContentPagesService,
  cache: PublicCache,
  audit: AuditPort,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/pages/:slug',
      {
        ...cachedRouteOptions,
        config: { access: 'public' },
        schema: { params: slugParams, response: { 200: pageOrNull } },
      },
      (request, reply) =>
        cache.sendJson(
          request,
          reply,
          `page:${request.params.slug}`,
          pageOrNull,
          async () => (await pages.find(request.params.slug)) ?? null,
        ),
    );
    app.put(
      '/api/admin/pages/:slug',
      {
        config: { access: 'admin' },
        schema: { params: slugParams, body: contentPageSaveSchema, response: { 200: contentPageSchema } },
      },
      async (request) => {
        const { slug } = request.params;
        const before = await pages.find(slug);
        const saved = await pages.save(slug, request.body);
        await audit.record({
          actor: request.user!,
          action: before ? AUDIT_ACTIONS.update : AUDIT_ACTIONS.create,
          resource: AUDIT_ENTITIES.page,
          recordId: slug,
          summary: logText(saved.title),
          changes: audit.changes(before ?? null, saved, ['title', 'content']),
        });
        return saved;
      },
    );
  };
}
