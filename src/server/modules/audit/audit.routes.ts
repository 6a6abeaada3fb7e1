import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditFilterSchema, auditPageSchema, auditQuerySchema } from '../../../shared/schemas/audit.js';
import { csvFile } from '../../http/csv-file.js';
import type { AuditLog } from './audit.service.js';

export function auditRoutes(audit: AuditLog): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/audit',
      { config: { access: 'admin' }, schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema } } },
      (request) => audit.page(request.query),
    );
    app.get(
      '/api/admin/audit/export',
      {
        config: { access: 'admin' },
        schema: { querystring: auditFilterSchema, response: { 200: csvFile } },
      },
      async (request, reply) => {
        const day = new Date().toISOString().slice(0, 10);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="activity-${day}.csv"`)
          .send(await audit.csv(request.query));
      },
    );
  };
}
