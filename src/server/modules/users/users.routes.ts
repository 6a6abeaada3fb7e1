import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { roleChangeSchema } from '../../../shared/schemas/users.js';
import type { UsersService } from './users.service.js';

export function usersRoutes(users: UsersService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/admin/users', { config: { access: 'admin' } }, () => users.list());

    app.patch(
      '/api/admin/users/:id',
      { config: { access: 'admin' }, schema: { params: z.object({ id: z.string().min(1).max(100) }), body: roleChangeSchema } },
      (request) => users.changeRole(request.user!.id, request.params.id, request.body.role),
    );
  };
}
