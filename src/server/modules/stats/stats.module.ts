import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context.js';
import { StatsRefresher } from './stats-refresher.js';
import { StatsRepository } from './stats.repository.js';
import { statsRoutes } from './stats.routes.js';
import { StatsService } from './stats.service.js';

export async function register(
  app: FastifyInstance,
  { db, config, automation, cache, exclusive, log }: ModuleContext,
): Promise<void> {
  const stats = new StatsService(new StatsRepository(db));
  const refresher = new StatsRefresher({
    stats,
    workflow: automation,
    log,
    exclusive: (work) => exclusive('stats-refresh', work),
    onRobotsChanged: () => cache.invalidate(),
  });
  app.decorate('statsRefresher', refresher);
  // Registered after the database's own onClose hook, so it runs before it (last in, first out).
  app.addHook('onClose', () => refresher.stop());
  await app.register(statsRoutes(stats, refresher, automation.inboundSecret));
  refresher.start(config.statsRefreshSeconds);
}
