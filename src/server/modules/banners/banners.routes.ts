import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bannerInputSchema, bannerPatchSchema, heroBannerSchema } from '../../../shared/schemas/catalogue.js';
import { adminCrudRoutes } from '../../http/admin-crud.js';
import type { AuditPort } from '../../http/audit-port.js';
import { cachedRouteOptions, type PublicCache } from '../../http/public-cache.js';
import type { BannersService } from './banners.service.js';

/** The storefront's hero banners and their management (SPEC §2). */
export function bannersRoutes(banners: BannersService, cache: PublicCache, audit: AuditPort): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/banners', { ...cachedRouteOptions, config: { access: 'public' } }, (request, reply) =>
      cache.sendJson(request, reply, 'banners', () => banners.listActive()),
    );
    await app.register(
      adminCrudRoutes(
        {
          path: '/api/admin/banners',
          name: 'banner',
          entity: heroBannerSchema,
          create: bannerInputSchema,
          patch: bannerPatchSchema,
          service: banners,
          label: (banner) => banner.title,
        },
        audit,
      ),
    );
  };
}
