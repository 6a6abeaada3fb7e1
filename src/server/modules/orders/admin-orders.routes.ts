import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROBOT_FILE_MAX_BYTES } from '../../../shared/constants.js';
import {
  adminOrderDetailSchema,
  adminOrderSchema,
  adminOrdersPageSchema,
  adminOrdersQuerySchema,
  dashboardTotalsSchema,
  downloadGrantSchema,
  markPaidSchema,
  orderStatusChangeSchema,
  resolutionSchema,
} from '../../../shared/schemas/orders.js';
import { BadRequestError, PayloadTooLargeError, UnsupportedMediaTypeError } from '../../errors.js';
import { csvFile } from '../../http/csv-file.js';
import { noContent } from '../../http/no-content.js';
import type { AdminOrdersService } from './admin-orders.service.js';

const idParams = z.object({ id: z.string().min(1).max(100) });
/** Room for the multipart envelope around a file at the limit. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** Order management (SPEC §2 Dashboard) for the back office and for scripts. */
export function adminOrdersRoutes(admin: AdminOrdersService): FastifyPluginAsyncZod {
  return async (app) => {
    // Registered in this plugin only: the limit here is the robot file's.
    await app.register(multipart, { limits: { fileSize: ROBOT_FILE_MAX_BYTES + 1, files: 1, fields: 0, parts: 2 } });

    app.get(
      '/api/admin/dashboard',
      { config: { access: 'admin' }, schema: { response: { 200: dashboardTotalsSchema } } },
      () => admin.totals(),
    );

    app.get(
      '/api/admin/orders',
      {
        config: { access: 'admin' },
        schema: { querystring: adminOrdersQuerySchema, response: { 200: adminOrdersPageSchema } },
      },
      (request) => admin.list(request.query),
    );

    app.get(
      '/api/admin/orders/export',
      {
        config: { access: 'admin' },
        schema: { querystring: adminOrdersQuerySchema.omit({ page: true }), response: { 200: csvFile } },
      },
      async (request, reply) =>
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="orders-${new Date().toISOString().slice(0, 10)}.csv"`)
          .header('cache-control', 'private, no-store')
          .send(admin.csv(request.query)),
    );

    app.get(
      '/api/admin/orders/:id',
      { config: { access: 'admin' }, schema: { params: idParams, response: { 200: adminOrderDetailSchema } } },
      (request) => admin.detail(request.params.id),
    );

    app.patch(
      '/api/admin/orders/:id',
      {
        config: { access: 'admin' },
        schema: { params: idParams, body: orderStatusChangeSchema, response: { 200: adminOrderSchema } },
      },
      (request) => admin.setStatus(request.params.id, request.body.status, request.user!),
    );

    // Decision 0014: resolving an order whose payment is under review, and refunds.
    app.post(
      '/api/admin/orders/:id/mark-paid',
      {
        config: { access: 'admin' },
        schema: { params: idParams, body: markPaidSchema, response: { 200: adminOrderSchema } },
      },
      (request) => admin.resolve(request.params.id, 'mark_paid', request.body.note, request.user!),
    );
    app.post(
      '/api/admin/orders/:id/refund',
      {
        config: { access: 'admin' },
        schema: { params: idParams, body: resolutionSchema, response: { 200: adminOrderSchema } },
      },
      (request) => admin.resolve(request.params.id, 'refund', request.body.note, request.user!),
    );
    app.post(
      '/api/admin/orders/:id/cancel',
      {
        config: { access: 'admin' },
        schema: { params: idParams, body: resolutionSchema, response: { 200: adminOrderSchema } },
      },
      (request) => admin.resolve(request.params.id, 'cancel', request.body.note, request.user!),
    );

    app.post(
      '/api/admin/orders/:id/download-grants',
      {
        config: { access: 'admin' },
        schema: { params: idParams, body: downloadGrantSchema, response: { 200: adminOrderSchema } },
      },
      (request) => admin.grantDownloads(request.params.id, request.body.extra, request.user!.id),
    );

    app.put(
      '/api/admin/orders/:id/file',
      { config: { access: 'admin' }, schema: { params: idParams, response: { 200: adminOrderSchema } } },
      async (request) => {
        if (!request.isMultipart())
          throw new UnsupportedMediaTypeError('Send the robot file as multipart/form-data in the field "file".');
        if (Number(request.headers['content-length'] ?? 0) > ROBOT_FILE_MAX_BYTES + MULTIPART_OVERHEAD_BYTES) {
          throw new PayloadTooLargeError(`The file is larger than ${ROBOT_FILE_MAX_BYTES / (1024 * 1024)} MB.`);
        }
        const file = await request.file();
        if (!file || file.fieldname !== 'file')
          throw new BadRequestError('Choose a robot file to upload (field "file").', { 'body.file': 'Required' });
        try {
          return await admin.deliverFile(request.params.id, file.filename, file.file, request.user!);
        } finally {
          // Whatever happened, read the rest of the upload so the client gets our answer.
          file.file.resume();
        }
      },
    );

    app.delete(
      '/api/admin/orders/:id',
      { config: { access: 'admin' }, schema: { params: idParams, response: { 204: noContent } } },
      async (request, reply) => {
        await admin.remove(request.params.id, request.user!);
        return reply.status(204).send();
      },
    );
  };
}
