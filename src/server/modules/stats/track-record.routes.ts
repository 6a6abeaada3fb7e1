import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminTrackRecordQuerySchema,
  adminTrackRecordSchema,
  trackRecordSchema,
} from '../../../shared/schemas/track-record.js';
import { NotFoundError } from '../../errors.js';
import { idParams } from '../../http/admin-crud.js';
import type { AuditPort } from '../../http/audit-port.js';
import { noContent } from '../../http/no-content.js';
import { cachedRouteOptions, type PublicCache } from '../../http/public-cache.js';
import { activePublicRobots, type CatalogueService } from '../catalogue/catalogue.service.js';
import type { TrackRecordService } from './track-record.service.js';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '../../../shared/audit-names.js';

const itemParams = idParams.extend({ itemId: z.string().trim().min(1).max(100) });

/** The robot page's track record, and the owner's view of the data behind it (issue 20). */
export function trackRecordRoutes(
  trackRecords: TrackRecordService,
  catalogue: CatalogueService,
  cache: PublicCache,
  audit: AuditPort,
): FastifyPluginAsyncZod {
  return async (app) => {
    // Cached like the catalogue: the id is checked against the active robots first, so invented
    // ids cost neither a database read nor a cache entry.
    app.get(
      '/api/robots/:id/track-record',
      {
        ...cachedRouteOptions,
        config: { access: 'public' },
        schema: { params: idParams, response: { 200: trackRecordSchema } },
      },
      async (request, reply) => {
        const { id } = request.params;
        if (!(await activePublicRobots(cache, catalogue)).some((robot) => robot.id === id))
          throw new NotFoundError('Robot not found');
        return cache.sendJson(request, reply, `track-record:${id}`, trackRecordSchema, () =>
          trackRecords.publicTrackRecord(id),
        );
      },
    );

    const admin = { access: 'admin' } as const;

    app.get(
      '/api/admin/robots/:id/track-record',
      {
        config: admin,
        schema: {
          params: idParams,
          querystring: adminTrackRecordQuerySchema,
          response: { 200: adminTrackRecordSchema },
        },
      },
      (request) => trackRecords.adminTrackRecord(request.params.id, request.query.page),
    );

    app.delete(
      '/api/admin/robots/:id/track-record/cash-flows/:itemId',
      { config: admin, schema: { params: itemParams, response: { 204: noContent } } },
      async (request, reply) => {
        const { id, itemId } = request.params;
        const robotName = await trackRecords.robotName(id);
        const deleted = await trackRecords.deleteCashFlow(id, itemId);
        await audit.record({
          actor: request.user!,
          action: AUDIT_ACTIONS.deleteCashFlow,
          resource: AUDIT_ENTITIES.robot,
          recordId: id,
          summary: robotName,
          changes: {
            // Its facts, which the Activity page puts in words (features/audit/activity-text.ts).
            cash_flow: {
              from: { type: deleted.type, amount: deleted.amount, occurred_at: deleted.occurred_at },
              to: null,
            },
          },
        });
        return reply.status(204).send();
      },
    );

    app.delete(
      '/api/admin/robots/:id/track-record/trades/:itemId',
      { config: admin, schema: { params: itemParams, response: { 204: noContent } } },
      async (request, reply) => {
        const { id, itemId } = request.params;
        const robotName = await trackRecords.robotName(id);
        const deleted = await trackRecords.deleteTrade(id, itemId);
        await audit.record({
          actor: request.user!,
          action: AUDIT_ACTIONS.deleteTrade,
          resource: AUDIT_ENTITIES.robot,
          recordId: id,
          summary: robotName,
          changes: {
            trade: {
              from: {
                ticket: deleted.ticket,
                side: deleted.side,
                lots: deleted.lots,
                symbol: deleted.symbol,
                profit: deleted.profit,
                closed_at: deleted.closed_at,
              },
              to: null,
            },
          },
        });
        return reply.status(204).send();
      },
    );
  };
}
