import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientLicenceSchema, licensedOrderSchema } from '../../../shared/schemas/client-licences.js';
import { keyedLimiterFor, type LimitRule } from '../../http/rate-limit.js';
import type { ClientLicencesService } from './client-licences.service.js';

/**
 * Requests per minute of one signed-in user to their licence pages: far above what a person
 * clicks, far below what a script opening keys or hammering frees would need.
 */
export const CLIENT_LICENCE_LIMIT: LimitRule = { name: 'client-licence', max: 30, windowMs: 60_000 };

const orderParams = z.object({ id: z.string().min(1).max(100) });
const activationParams = orderParams.extend({ activationId: z.string().min(1).max(100) });

/**
 * The client's licence page (issue 18 §2): the licences of their own orders, and freeing a slot.
 * Counted per user through the shared limiter (the session is known by then: the access guard
 * runs first), so clients behind one address do not share a budget.
 */
export function clientLicencesRoutes(licences: ClientLicencesService): FastifyPluginAsyncZod {
  return async (app) => {
    const perUser = keyedLimiterFor(app, CLIENT_LICENCE_LIMIT, (request) => request.user!.id);
    const owner = { access: 'owner' } as const;

    // Static beside /api/orders/:id, which it takes precedence over: no order id is "licences".
    app.get(
      '/api/orders/licences',
      {
        config: { access: 'signed-in' },
        preHandler: perUser,
        schema: { response: { 200: z.array(licensedOrderSchema) } },
      },
      (request) => licences.ownLicences(request.user!),
    );

    app.get(
      '/api/orders/:id/licence',
      { config: owner, preHandler: perUser, schema: { params: orderParams, response: { 200: clientLicenceSchema } } },
      (request) => licences.licenceOfOrder(request.user!, request.params.id),
    );

    app.post(
      '/api/orders/:id/licence/activations/:activationId/free',
      {
        config: owner,
        preHandler: perUser,
        schema: { params: activationParams, response: { 200: clientLicenceSchema } },
      },
      (request) => licences.free(request.user!, request.params.id, request.params.activationId),
    );
  };
}
