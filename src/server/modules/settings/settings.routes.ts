import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminSettingsSchema,
  publicSettingsSchema,
  settingsUpdateSchema,
  webhookTestResultSchema,
  webhookTestSchema,
} from '../../../shared/schemas/settings.js';
import { BadRequestError } from '../../errors.js';
import { cachedRouteOptions, type PublicCache } from '../../http/public-cache.js';
import type { AutomationGateway } from '../../integrations/automation-gateway.js';
import type { AuditLog } from '../audit/audit.service.js';
import type { SettingsService } from './settings.service.js';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '../../../shared/audit-names.js';

export function settingsRoutes(
  settings: SettingsService,
  cache: PublicCache,
  audit: AuditLog,
  workflows: Pick<AutomationGateway, 'ping'>,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/settings/public',
      { ...cachedRouteOptions, config: { access: 'public' }, schema: { response: { 200: publicSettingsSchema } } },
      (request, reply) =>
        cache.sendJson(request, reply, 'settings:public', publicSettingsSchema, () => settings.getPublic()),
    );
    // Administrators only; even they never read the secret token back (the schema drops it).
    app.get(
      '/api/admin/settings',
      { config: { access: 'admin' }, schema: { response: { 200: adminSettingsSchema } } },
      () => settings.getForAdmin(),
    );
    app.patch(
      '/api/admin/settings',
      { config: { access: 'admin' }, schema: { body: settingsUpdateSchema, response: { 200: adminSettingsSchema } } },
      async (request) => {
        const { saved, changes } = await settings.save(request.body.values);
        if (Object.keys(changes).length > 0)
          await audit.record({
            actor: request.user!,
            action: AUDIT_ACTIONS.update,
            resource: AUDIT_ENTITIES.settings,
            summary: Object.keys(changes).join(', '),
            changes,
          });
        return saved;
      },
    );
    // A signed ping to the address being typed, or the saved one: the administrator sees at once
    // whether the workflow is reachable and accepts the shop's signature.
    app.post(
      '/api/admin/settings/test-webhook',
      { config: { access: 'admin' }, schema: { body: webhookTestSchema, response: { 200: webhookTestResultSchema } } },
      async (request) => {
        const result = await workflows.ping(request.body.key, request.body.url);
        if (!result) throw new BadRequestError('No address to test: enter one first.', { 'body.url': 'is required' });
        return result;
      },
    );
  };
}
