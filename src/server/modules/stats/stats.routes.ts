import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { statsPushAnswerSchema, statsPushSchema } from '../../../shared/schemas/stats.js';
import { guardAutomationRoutes, type AutomationSecret } from '../../integrations/automation-auth.js';
import type { StatsRefresher } from './stats-refresher.js';
import type { StatsService } from './stats.service.js';

const pushQuery = z.object({
  /** 1 or true: apply the records to the robots now instead of at the next scheduled refresh. */
  refresh: z.enum(['1', 'true', '0', 'false']).optional(),
});

/** Inbound stats from automation workflows; registered as a plugin of its own for the guard. */
export function statsRoutes(
  stats: StatsService,
  refresher: StatsRefresher,
  secret: AutomationSecret,
): FastifyPluginAsyncZod {
  return async (app) => {
    guardAutomationRoutes(app, secret);

    app.post(
      '/api/hooks/stats',
      {
        config: { access: 'automation' },
        schema: { body: statsPushSchema, querystring: pushQuery, response: { 200: statsPushAnswerSchema } },
      },
      async (request) => {
        const { accepted, unknownRobots } = await stats.push(request.body);
        const { refresh } = request.query;
        return {
          accepted,
          ...(refresh === '1' || refresh === 'true' ? { refresh: refresher.trigger() } : {}),
          ...(unknownRobots.length > 0 ? { unknown_robots: unknownRobots } : {}),
        };
      },
    );
  };
}
