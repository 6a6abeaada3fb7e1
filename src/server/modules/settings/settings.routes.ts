import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { settingsUpdateSchema } from '../../../shared/schemas/settings.js';
import { cachedRouteOptions, type PublicCache } from '../../http/public-cache.js';
import type { SettingsService } from './settings.service.js';

export function settingsRoutes(settings: SettingsService, cache: PublicCache): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/settings/public', { ...cachedRouteOptions, config: { access: 'public' } }, (request, reply) =>
      cache.sendJson(request, reply, 'settings:public', () => settings.getPublic()),
    );

    // Every key, secrets included: administrators only.
    app.get('/api/admin/settings', { config: { access: 'admin' } }, () => settings.getAll());

    app.patch('/api/admin/settings', { config: { access: 'admin' }, schema: { body: settingsUpdateSchema } }, async (request) => {
      const saved = await settings.save(request.body.values);
      // Settings shape every page (titles, logo, chat): visitors see the change at once.
      cache.invalidate();
      return saved;
    });
  };
}
