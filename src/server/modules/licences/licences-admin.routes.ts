import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminLicenceDetailSchema,
  adminLicenceSchema,
  adminLicencesPageSchema,
  adminLicencesQuerySchema,
  licenceExtendSchema,
  licenceResetAnswerSchema,
  licenceRevokeSchema,
} from '../../../shared/schemas/licences-admin.js';
import { licenceKeysSchema, robotLicenceSecretSchema } from '../../../shared/schemas/licences.js';
import { idParams } from '../../http/admin-crud.js';
import type { AuditPort } from '../../http/audit-port.js';
import type { LicencesAdminService } from './licences-admin.service.js';
import type { LicencesService } from './licences.service.js';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '../../../shared/audit-names.js';

/**
 * The owner's side of licences (issue 18 §2): the EA secret to compile into the robot, its
 * rotation, and the rotation of the key that signs every answer (the licence settings themselves
 * are robot fields, PATCH /api/admin/robots/:id); and the Licences page: the search, one licence
 * with its activations and checks, and revoke, reinstate, extend and reset its slots.
 */
export function licencesAdminRoutes(
  licences: LicencesService,
  management: LicencesAdminService,
  audit: AuditPort,
): FastifyPluginAsyncZod {
  return async (app) => {
    const admin = { access: 'admin' } as const;

    app.get(
      '/api/admin/licences',
      { config: admin, schema: { querystring: adminLicencesQuerySchema, response: { 200: adminLicencesPageSchema } } },
      (request) => management.list(request.query),
    );

    app.get(
      '/api/admin/licences/:id',
      { config: admin, schema: { params: idParams, response: { 200: adminLicenceDetailSchema } } },
      (request) => management.detail(request.params.id),
    );

    app.post(
      '/api/admin/licences/:id/revoke',
      {
        config: admin,
        schema: { params: idParams, body: licenceRevokeSchema, response: { 200: adminLicenceSchema } },
      },
      (request) => management.revoke(request.params.id, request.body.reason, request.user!),
    );

    app.post(
      '/api/admin/licences/:id/reinstate',
      { config: admin, schema: { params: idParams, response: { 200: adminLicenceSchema } } },
      (request) => management.reinstate(request.params.id, request.user!),
    );

    app.post(
      '/api/admin/licences/:id/extend',
      {
        config: admin,
        schema: { params: idParams, body: licenceExtendSchema, response: { 200: adminLicenceSchema } },
      },
      (request) => management.extend(request.params.id, request.body.days, request.user!),
    );

    app.post(
      '/api/admin/licences/:id/reset-slots',
      { config: admin, schema: { params: idParams, response: { 200: licenceResetAnswerSchema } } },
      (request) => management.resetSlots(request.params.id, request.user!),
    );

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
          action: AUDIT_ACTIONS.rotateEaSecret,
          resource: AUDIT_ENTITIES.robot,
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
          action: AUDIT_ACTIONS.rotateSigningKey,
          resource: AUDIT_ENTITIES.licenceSigningKey,
          recordId: keys.current_kid,
          summary: keys.current_kid,
        });
        return keys;
      },
    );
  };
}
