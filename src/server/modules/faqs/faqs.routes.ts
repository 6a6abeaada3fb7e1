import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { faqsResource } from '../../../shared/admin-resources.js';
import { faqSchema } from '../../../shared/schemas/catalogue.js';
import { adminCrudRoutes } from '../../http/admin-crud.js';
import type { AuditPort } from '../../http/audit-port.js';
import { cachedRouteOptions, type PublicCache } from '../../http/public-cache.js';
import type { FaqsService } from './faqs.service.js';

const activeFaqs = z.array(faqSchema);

/** The storefront's FAQs and their management (SPEC §2). */
export function faqsRoutes(faqs: FaqsService, cache: PublicCache, audit: AuditPort): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/faqs',
      { ...cachedRouteOptions, config: { access: 'public' }, schema: { response: { 200: activeFaqs } } },
      (request, reply) => cache.sendJson(request, reply, 'faqs', activeFaqs, () => faqs.listActive()),
    );
    await app.register(adminCrudRoutes(faqsResource, faqs, audit));
  };
}
