import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerAccessControl } from './auth/access.js';
import { ownOrigins, registerAuthRoutes } from './auth/auth.routes.js';
import { createAuth } from './auth/better-auth.js';
import { sessionUserResolver } from './auth/session-user.js';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import { openAppDatabase } from './db/prepare.js';
import { writeDemoReleaseFiles } from './db/seed/seed.js';
import { registerStorefront } from './html/storefront.js';
import { registerAdminWriteInvalidation } from './http/admin-writes.js';
import { registerErrorHandler } from './http/error-handler.js';
import { registerHealthRoute } from './http/health.routes.js';
import { registerInputRules } from './http/input-rules.js';
import { registerOpenApi } from './http/openapi.js';
import { registerOriginCheck } from './http/origin-check.js';
import type { PublicCache } from './http/public-cache.js';
import { registerRateLimiting } from './http/rate-limit.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { serverOptions, type LogOptions } from './http/server-options.js';
import { registerMetrics } from './metrics/metrics.js';
import * as account from './modules/account/account.module.js';
import * as audit from './modules/audit/audit.module.js';
import * as banners from './modules/banners/banners.module.js';
import * as catalogue from './modules/catalogue/catalogue.module.js';
import * as chat from './modules/chat/chat.module.js';
import * as contentPages from './modules/content-pages/content-pages.module.js';
import * as emailOutbox from './modules/email-outbox/email-outbox.module.js';
import * as faqs from './modules/faqs/faqs.module.js';
import * as licences from './modules/licences/licences.module.js';
import { createModuleContext } from './modules/module-context.js';
import * as newsletter from './modules/newsletter/newsletter.module.js';
import * as orders from './modules/orders/orders.module.js';
import * as robotReleases from './modules/robot-releases/robot-releases.module.js';
import * as settings from './modules/settings/settings.module.js';
import * as stats from './modules/stats/stats.module.js';
import * as uploads from './modules/uploads/uploads.module.js';
import * as users from './modules/users/users.module.js';
import type { Storage } from './storage/storage.js';

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    /** Serialized public reads; writers call invalidate() so visitors see changes at once. */
    publicCache: PublicCache;
    /** Uploaded files: public images and private robot files (src/server/storage/storage.ts). */
    storage: Storage;
  }
}

export interface BuildOptions extends LogOptions {
  /** Folder of the built web app; defaults to dist/web beside the sources. */
  webRoot?: string;
  /** Receives the generated credentials of a first administrator, for the terminal (main.ts). */
  onAdministratorGenerated?: (credentials: { email: string; password: string }) => void;
}

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

/**
 * Every route validates and serializes with its zod schemas. Given as the compilers' factories
 * rather than set after start, they spare Fastify loading its default ones: ajv,
 * fast-json-stringify and their dependencies, some 2 MB of heap that no route uses (issue 21 §5).
 * Fastify's types describe ajv's factories; at run time a factory only has to return the compiler.
 */
const zodCompilers = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as CompilersFactory;

const projectRoot = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../..',
  import.meta.url.includes('/dist/') ? '..' : '.',
);

/** Builds the whole application without listening, so that tests can `inject` requests. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    ...serverOptions(config, options),
    schemaController: { compilersFactory: zodCompilers },
  }).withTypeProvider<ZodTypeProvider>();
  if (config.trustProxy === true) {
    app.log.warn(
      'TRUST_PROXY=true believes the left-most X-Forwarded-For address, which any client can write: set the number of proxies in front of the shop (e.g. 1) or their addresses instead',
    );
  }

  const { database, admin } = await openAppDatabase(config, app.log);
  app.decorate('database', database);
  app.addHook('onClose', () => database.close());
  if (admin.kind === 'created' && admin.generatedPassword)
    options.onAdministratorGenerated?.({ email: admin.email, password: admin.generatedPassword });

  const context = await createModuleContext(app, config, database);
  const { db, cache } = context;
  app.decorate('publicCache', cache);
  app.decorate('storage', context.storage);
  // The demo catalogue's release files (decision 0020's demo shop): the seed ran before storage existed.
  await writeDemoReleaseFiles(db, context.storage);
  const auth = createAuth(config, db, context.mailer, app.log, async () => {
    const { site_name, default_language } = await context.settings.getPublic();
    return { shopName: site_name, defaultLanguage: default_language };
  });

  registerErrorHandler(app);
  // First of the request hooks, so that every answer carries them, refusals by later hooks included.
  registerSecurityHeaders(app, config.publicUrl);
  registerInputRules(app);
  registerOriginCheck(app, (request) => ownOrigins(config, request));
  const resolveUser = sessionUserResolver(auth, db, config.authSecret);
  registerAccessControl(app, resolveUser);
  await registerRateLimiting(app, database);
  registerAdminWriteInvalidation(app, cache);
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  // Before every route: it describes the routes registered after it.
  await registerOpenApi(
    app,
    (JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { version: string }).version,
  );
  registerMetrics(app, { token: config.metricsToken, poolStats: database.poolStats });
  registerHealthRoute(app, database.ping);
  registerAuthRoutes(app, auth, config, resolveUser);

  // One line per module (docs/architecture.md).
  await settings.register(app, context);
  await catalogue.register(app, context);
  await banners.register(app, context);
  await faqs.register(app, context);
  await contentPages.register(app, context);
  await newsletter.register(app, context);
  await chat.register(app, context);
  await users.register(app, context);
  await account.register(app, context);
  await stats.register(app, context);
  await uploads.register(app, context);
  await audit.register(app, context);
  await emailOutbox.register(app, context);
  await orders.register(app, context);
  await robotReleases.register(app, context);
  await licences.register(app, context);

  await registerStorefront(app, {
    webRoot: options.webRoot ?? path.join(projectRoot, 'dist/web'),
    publicUrl: config.publicUrl,
    db,
    settings: context.settings,
    cache,
  });
  return app;
}
