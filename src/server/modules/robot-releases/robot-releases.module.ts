import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context.js';
import { createReleaseVersionsService } from '../orders/release-versions.service.js';
import { ReleaseDistribution } from './release-distribution.js';
import { robotReleasesRoutes } from './robot-releases.routes.js';
import { createCurrentReleases, createRobotReleasesService } from './robot-releases.service.js';

/**
 * Robot releases (issue 18 §1, decision 0018): the owner's uploads on the robot's page, and the
 * job that gives each new release to the robot's owners as a new version of their orders.
 */
export async function register(
  app: FastifyInstance,
  { db, config, storage, audit, emailOutbox, log, settings }: ModuleContext,
): Promise<void> {
  const distribution = new ReleaseDistribution({
    releases: createCurrentReleases(db),
    versions: createReleaseVersionsService({
      db,
      dialect: config.database.dialect,
      emailOutbox,
      publicUrl: config.publicUrl,
      releases: createCurrentReleases,
      settings,
    }),
    log,
  });
  app.decorate('releaseDistribution', distribution);
  // A pass in progress ends (between two orders) before the database closes.
  app.addHook('preClose', () => distribution.stop());
  await app.register(
    robotReleasesRoutes(
      createRobotReleasesService(db, storage, () => distribution.wake()),
      audit,
    ),
  );
  distribution.start();
}
