import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentCallbackAnswerSchema, paymentCallbackSchema } from '../../../shared/schemas/orders.js';
import { UnauthorizedError } from '../../errors.js';
import { guardAutomationRoutes, type AutomationSecret } from '../../integrations/automation-auth.js';
import type { PaymentCallbacksService } from './payment-callbacks.service.js';

/** Payment status from the payment workflow; a plugin of its own for the automation guard. */
export function paymentHookRoutes(callbacks: PaymentCallbacksService, secret: AutomationSecret): FastifyPluginAsyncZod {
  return async (app) => {
    guardAutomationRoutes(app, secret);
    // A refused callback about an existing order is kept too: when a client says "I paid", a
    // workflow signing with the wrong secret shows on the order.
    app.addHook('onError', async (request, _reply, error) => {
      if (error instanceof UnauthorizedError && request.rawBody) {
        await callbacks
          .recordRefused(request.rawBody, error.message)
          .catch((cause: unknown) => request.log.warn({ err: cause }, 'refused callback not recorded'));
      }
    });

    app.post(
      '/api/hooks/payment',
      {
        config: { access: 'automation' },
        schema: { body: paymentCallbackSchema, response: { 200: paymentCallbackAnswerSchema } },
      },
      (request) =>
        callbacks.receive(
          request.body,
          request.automationProof ?? 'secret',
          request.rawBody ?? JSON.stringify(request.body),
        ),
    );
  };
}
