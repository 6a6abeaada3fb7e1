import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module-context.js';
import { LicenceApiService } from './licence-api.service.js';
import { LicenceChecksCleanup } from './licence-checks-cleanup.js';
import { licencesAdminRoutes } from './licences-admin.routes.js';
import { licenceApiRoutes } from './licences.routes.js';
import { licenceParts, LicencesService } from './licences.service.js';

/**
 * Licences bound to trading accounts (issue 18 §2, decision 0017): the robots' licence API, the
 * owner's EA secret and signing key, and the cleanup of old checks. Orders issue and revoke
 * licences through createLicencesService (orders.module.ts).
 */
export async function register(
  app: FastifyInstance,
  { db, config, audit, exclusive, log }: ModuleContext,
): Promise<void> {
  const parts = licenceParts(db, config);
  // The first start creates the signing key; every instance on the database signs with it.
  await parts.signing.ensure();
  const cleanup = new LicenceChecksCleanup(
    parts.repository,
    (work) => exclusive('licence-checks-cleanup', work),
    log,
  );
  // Registered after the database's own onClose hook, so it runs before it (last in, first out).
  app.addHook('onClose', () => cleanup.stop());
  await app.register(licenceApiRoutes(new LicenceApiService(parts)));
  await app.register(licencesAdminRoutes(new LicencesService(parts), audit));
  cleanup.start();
}
