import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderSchema } from '../../../shared/schemas/orders.js';
import type { UnpaidOrdersService } from './unpaid-orders.service.js';

const idParams = z.object({ id: z.string().min(1).max(100) });

/** The client cancels their unpaid order (issue 17 §3); resuming it is POST /api/orders/:id/payment. */
export function unpaidOrdersRoutes(unpaid: UnpaidOrdersService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/orders/:id/cancel',
      { config: { access: 'owner' }, schema: { params: idParams, response: { 200: orderSchema } } },
      (request) => unpaid.cancel(request.user!, request.params.id),
    );
  };
}
