import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orderSchema } from '../../../shared/schemas/orders.js';
import { startTrialSchema } from '../../../shared/schemas/trials.js';
import { chooseLanguage } from '../../text/language.js';
import type { TrialOrdersService } from './trial-orders.service.js';

/** Free trials (decision 0020): one route, the client starting a robot's trial. */
export function trialOrdersRoutes(trials: TrialOrdersService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/orders/trials',
      { config: { access: 'signed-in' }, schema: { body: startTrialSchema, response: { 201: orderSchema } } },
      async (request, reply) => {
        const order = await trials.start(request.user!, request.body.robot_id, chooseLanguage(request));
        return reply.status(201).send(order);
      },
    );
  };
}
