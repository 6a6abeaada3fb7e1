import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { faqInputSchema, faqPatchSchema, faqSchema } from '../../../shared/schemas/catalogue.js';
import { adminCrudRoutes } from '../../http/admin-crud.js';
import type { AuditPort } from '../../http/audit-port.js';
import { cachedRouteOptions, type PublicCache } from '../../http/public-cache.js';
import type { FaqsService } from './faqs.service.js';

/** The storefront's FAQs and their management (SPEC §2). */
export function faqsRoutes(faqs: FaqsService, cache: PublicCache, audit: AuditPort): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/faqs', { ...cachedRouteOptions, config: { access: 'public' } }, (request, reply) =>
      cache.sendJson(request, reply, 'faqs', () => faqs.listActive()),
    );
    await app.register(
      adminCrudRoutes(
        {
          path: '/api/admin/faqs',
          name: 'faq',
          entity: faqSchema,
          create: faqInputSchema,
          patch: faqPatchSchema,
          service: faqs,
          label: (faq) => faq.question,
        },
        audit,
      ),
    );
  };
}
