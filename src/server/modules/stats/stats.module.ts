import type { FastifyInstance } from 'fastify';
import { createCatalogueService } from '../catalogue/catalogue.service.js';
import type { ModuleContext } from '../module-context.js';
import { StatsRefresher } from './stats-refresher.js';
import { statsRoutes } from './stats.routes.js';
import { createStatsService } from './stats.service.js';
import { trackRecordRoutes } from './track-record.routes.js';

export async function register(
  app: FastifyInstance,
  { db, config, automation, cache, exclusive, audit, log }: ModuleContext,
): Promise<void> {
  // A push that changed a track record changes the catalogue's cards and sorts.
  const { stats, trackRecords } = createStatsService(db, () => cache.invalidate());
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
  await app.register(trackRecordRoutes(trackRecords, createCatalogueService(db), cache, audit));
  // Balances recorded before the track records existed, and the demo catalogue's, get their
  // figures once (one instance computes them; the others find nothing left to do).
  const computed = await exclusive('track-record-figures', () => trackRecords.computeMissing());
  if (computed.ran && computed.value > 0) {
    cache.invalidate();
    log.info({ robots: computed.value }, 'track-record figures computed');
  }
  refresher.start(config.statsRefreshSeconds);
}
