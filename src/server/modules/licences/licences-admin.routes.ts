import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { licenceKeysSchema, robotLicenceSecretSchema } from '../../../shared/schemas/licences.js';
import { idParams } from '../../http/admin-crud.js';
import type { AuditPort } from '../../http/audit-port.js';
import type { LicencesService } from './licences.service.js';

/**
 * The owner's side of a robot's licence (issue 18 §2): the EA secret to compile into the robot,
 * its rotation, and the rotation of the key that signs every answer. The licence settings
 * themselves are robot fields (PATCH /api/admin/robots/:id).
 */
export function licencesAdminRoutes(licences: LicencesService, audit: AuditPort): FastifyPluginAsyncZod {
  return async (app) => {
    const admin = { access: 'admin' } as const;

    app.get(
      '/api/admin/robots/:id/licence',
      { config: admin, schema: { params: idParams, response: { 200: robotLicenceSecretSchema } } },
      (request) => licences.robotLicence(request.params.id),
    );

    app.post(
      '/api/admin/robots/:id/licence/rotate-secret',
      { config: admin, schema: { params: idParams, response: { 200: robotLicenceSecretSchema } } },
      async (request) => {
        const rotated = await licences.rotateEaSecret(request.params.id);
        // The secret itself never goes into the activity log.
        await audit.record({
          actor: request.user!,
          action: 'rotate EA secret',
          resource: 'robot',
          recordId: rotated.robot_id,
          summary: rotated.robot_name,
        });
        return rotated;
      },
    );

    app.post(
      '/api/admin/licences/signing-keys/rotate',
      { config: admin, schema: { response: { 200: licenceKeysSchema } } },
      async (request) => {
        const keys = await licences.rotateSigningKey();
        await audit.record({
          actor: request.user!,
          action: 'rotate signing key',
          resource: 'licence signing key',
          recordId: keys.current_kid,
          summary: keys.current_kid,
        });
        return keys;
      },
    );
  };
}
