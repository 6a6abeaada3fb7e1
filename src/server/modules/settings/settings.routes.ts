import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PublicCache } from '../../http/public-cache.js';
import type { SettingsService } from './settings.service.js';

export function settingsRoutes(settings: SettingsService, cache: PublicCache): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/settings/public', { config: { access: 'public' } }, (request, reply) =>
      cache.sendJson(request, reply, 'settings:public', () => settings.getPublic()),
    );
  };
}
