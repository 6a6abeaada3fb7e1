import type { FastifyInstance } from 'fastify';
import { ConfigError } from '../../config.js';
import type { ModuleContext } from '../module-context.js';
import { ClientLicencesRepository } from './client-licences.repository.js';
import { clientLicencesRoutes } from './client-licences.routes.js';
import { ClientLicencesService } from './client-licences.service.js';
import { LicenceApiService } from './licence-api.service.js';
import { LicenceChecksCleanup } from './licence-checks-cleanup.js';
import { SealedValueError } from './licence-crypto.js';
import { licencesAdminRoutes } from './licences-admin.routes.js';
import { LicencesAdminService } from './licences-admin.service.js';
import { licenceApiRoutes } from './licences.routes.js';
import { licenceParts, LicencesService } from './licences.service.js';

/**
 * Licences bound to trading accounts (issue 18 §2, decision 0017): the robots' licence API, the
 * owner's EA secret and signing key, the owner's Licences page, the client's licence page, and the
 * cleanup of old checks. Orders issue and revoke
 * licences through createLicencesService (orders.module.ts).
 */
export async function register(
  app: FastifyInstance,
  { db, config, audit, exclusive, log }: ModuleContext,
): Promise<void> {
  const parts = licenceParts(db, config);
  // The first start creates the signing key; every instance on the database signs with it.
  try {
    await parts.signing.ensure();
  } catch (error) {
    if (!(error instanceof SealedValueError)) throw error;
    // A changed AUTH_SECRET would silently break every licence: stop and say what to do.
    throw new ConfigError(
      `Invalid ${config.licenceSecret ? 'LICENCE_SECRET' : 'AUTH_SECRET'}: the licence keys in the database were sealed with another secret; set LICENCE_SECRET to the secret the shop had before (docs/decisions/0017)`,
    );
  }
  const cleanup = new LicenceChecksCleanup(parts.repository, (work) => exclusive('licence-checks-cleanup', work), log);
  // Registered after the database's own onClose hook, so it runs before it (last in, first out).
  app.addHook('onClose', () => cleanup.stop());
  await app.register(licenceApiRoutes(new LicenceApiService(parts)));
  await app.register(
    licencesAdminRoutes(new LicencesService(parts), new LicencesAdminService(db, parts, audit), audit),
  );
  await app.register(clientLicencesRoutes(new ClientLicencesService(new ClientLicencesRepository(db), parts.keys)));
  cleanup.start();
}
