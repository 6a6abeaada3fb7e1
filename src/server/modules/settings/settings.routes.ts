import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSettingsSchema, settingsUpdateSchema, webhookTestResultSchema, webhookTestSchema } from '../../../shared/schemas/settings.js';
import { cachedRouteOptions, type PublicCache } from '../../http/public-cache.js';
import type { AuditLog } from '../audit/audit.service.js';
import type { SettingsService } from './settings.service.js';

export function settingsRoutes(settings: SettingsService, cache: PublicCache, audit: AuditLog): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/settings/public', { ...cachedRouteOptions, config: { access: 'public' } }, (request, reply) =>
      cache.sendJson(request, reply, 'settings:public', () => settings.getPublic()),
    );
    // Administrators only; even they never read the secret token back (the schema drops it).
    app.get('/api/admin/settings', { config: { access: 'admin' }, schema: { response: { 200: adminSettingsSchema } } }, () => settings.getForAdmin());
    app.patch('/api/admin/settings', { config: { access: 'admin' }, schema: { body: settingsUpdateSchema, response: { 200: adminSettingsSchema } } }, async (request) => {
      const { saved, changes } = await settings.save(request.body.values);
      if (Object.keys(changes).length > 0) await audit.record({ actor: request.user!, action: 'update', resource: 'settings', summary: Object.keys(changes).join(', '), changes });
      return saved;
    });
    app.post(
      '/api/admin/settings/test-webhook',
      { config: { access: 'admin' }, schema: { body: webhookTestSchema, response: { 200: webhookTestResultSchema } } },
      (request) => settings.testWebhook(request.body.key, request.body.url),
    );
  };
}
