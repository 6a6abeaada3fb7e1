import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bannerInputSchema,
  bannerPatchSchema,
  contentPageInputSchema,
  contentPageSchema,
  faqInputSchema,
  faqPatchSchema,
  faqSchema,
  heroBannerSchema,
  pageSlugSchema,
} from '../../../shared/schemas/catalogue.js';
import { adminCrudRoutes } from '../../http/admin-crud.js';
import { sanitizeRichText } from '../../text/sanitize-rich-text.js';
import { diffChanges } from '../audit/audit.service.js';
import type { ModuleContext } from '../module-context.js';
import { BannersService } from './banners.service.js';
import { ContentRepository } from './content.repository.js';
import { FaqsService } from './faqs.service.js';

/** Hero banner, FAQ and content page management (SPEC §2). */
export function contentAdminRoutes({ db, audit }: ModuleContext): FastifyPluginAsyncZod {
  const content = new ContentRepository(db);
  return async (app) => {
    await app.register(
      adminCrudRoutes(
        {
          path: '/api/admin/banners',
          name: 'banner',
          entity: heroBannerSchema,
          create: bannerInputSchema,
          patch: bannerPatchSchema,
          service: new BannersService(content),
          label: (banner) => banner.title,
        },
        audit,
      ),
    );
    await app.register(
      adminCrudRoutes(
        { path: '/api/admin/faqs', name: 'faq', entity: faqSchema, create: faqInputSchema, patch: faqPatchSchema, service: new FaqsService(content), label: (faq) => faq.question },
        audit,
      ),
    );
    // Every content page of the one slug list (Copy Trade, Update, and any page added to it).
    app.put(
      '/api/admin/pages/:slug',
      { config: { access: 'admin' }, schema: { params: z.object({ slug: pageSlugSchema }), body: contentPageInputSchema, response: { 200: contentPageSchema } } },
      async (request) => {
        const { slug } = request.params;
        const before = await content.findPage(slug);
        const saved = await content.savePage(slug, { title: request.body.title, content: sanitizeRichText(request.body.content) });
        await audit.record({ actor: request.user!, action: before ? 'update' : 'create', resource: 'page', recordId: slug, summary: saved.title, changes: diffChanges(before ?? null, saved, ['title', 'content']) });
        return saved;
      },
    );
  };
}
