import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { roleChangeSchema, userListItemSchema } from '../../../shared/schemas/users.js';
import { idParams } from '../../http/admin-crud.js';
import type { AuditLog } from '../audit/audit.service.js';
import type { UsersService } from './users.service.js';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '../../../shared/audit-names.js';

export function usersRoutes(users: UsersService, audit: AuditLog): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/users',
      { config: { access: 'admin' }, schema: { response: { 200: z.array(userListItemSchema) } } },
      () => users.list(),
    );

    app.patch(
      '/api/admin/users/:id',
      {
        config: { access: 'admin' },
        schema: { params: idParams, body: roleChangeSchema, response: { 200: userListItemSchema } },
      },
      async (request) => {
        const { before, after } = await users.changeRole(request.user!.id, request.params.id, request.body.role);
        await audit.record({
          actor: request.user!,
          action: AUDIT_ACTIONS.update,
          resource: AUDIT_ENTITIES.user,
          recordId: after.id,
          summary: after.email,
          changes: { role: { from: before, to: after.role } },
        });
        return after;
      },
    );
  };
}
