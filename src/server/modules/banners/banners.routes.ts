import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bannersResource } from '../../../shared/admin-resources.js';
import { heroBannerSchema } from '../../../shared/schemas/catalogue.js';
import { adminCrudRoutes } from '../../http/admin-crud.js';
import type { AuditPort } from '../../http/audit-port.js';
import { cachedRouteOptions, type PublicCache } from '../../http/public-cache.js';
import type { BannersService } from './banners.service.js';

const activeBanners = z.array(heroBannerSchema);

/** The storefront's hero banners and their management (SPEC §2). */
export function bannersRoutes(banners: BannersService, cache: PublicCache, audit: AuditPort): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/banners',
      { ...cachedRouteOptions, config: { access: 'public' }, schema: { response: { 200: activeBanners } } },
      (request, reply) => cache.sendJson(request, reply, 'banners', activeBanners, () => banners.listActive()),
    );
    await app.register(adminCrudRoutes(bannersResource, banners, audit));
  };
}
