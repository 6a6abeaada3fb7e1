import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerAccessControl } from './auth/access.js';
import { ownOrigins, registerAuthRoutes } from './auth/auth.routes.js';
import { createAuth } from './auth/better-auth.js';
import { sessionUserResolver } from './auth/session-user.js';
import type { Config } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/database.js';
import { prepareDatabase } from './db/prepare.js';
import { runExclusive } from './db/dialect.js';
import { lockDataDir } from './db/sqlite.js';
import { LocalDiskStorage } from './storage/local-disk-storage.js';
import type { Storage } from './storage/storage.js';
import { sanitizeRichText } from './html/sanitize-rich-text.js';
import { registerHtmlPages } from './html/html.routes.js';
import { PageShell } from './html/page-shell.js';
import { registerSeoRoutes } from './html/seo.routes.js';
import { registerErrorHandler } from './http/error-handler.js';
import { registerHealthRoute } from './http/health.routes.js';
import { loggerOptions } from './http/logging.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerOriginCheck } from './http/origin-check.js';
import { PublicCache } from './http/public-cache.js';
import { registerStaticFiles } from './http/static-files.js';
import { automationSecretFrom } from './integrations/automation-auth.js';
import { createMailer } from './integrations/mailer.js';
import { registerAdminWriteInvalidation } from './http/admin-writes.js';
import { AuditRepository } from './modules/audit/audit.repository.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { AuditLog } from './modules/audit/audit.service.js';
import { catalogueAdminRoutes } from './modules/catalogue/catalogue-admin.routes.js';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.js';
import { CatalogueService } from './modules/catalogue/catalogue.service.js';
import { CategoriesRepository } from './modules/catalogue/categories.repository.js';
import { RobotsRepository } from './modules/catalogue/robots.repository.js';
import { chatRoutes } from './modules/chat/chat.routes.js';
import { ChatService } from './modules/chat/chat.service.js';
import { contentAdminRoutes } from './modules/content/content-admin.routes.js';
import { contentRoutes } from './modules/content/content.routes.js';
import { ContentRepository } from './modules/content/content.repository.js';
import { CampaignSender } from './modules/newsletter/campaign-sender.js';
import { CampaignsRepository } from './modules/newsletter/campaigns.repository.js';
import { newsletterAdminRoutes } from './modules/newsletter/newsletter-admin.routes.js';
import { NewsletterAdminService } from './modules/newsletter/newsletter-admin.service.js';
import { newsletterEmails } from './modules/newsletter/newsletter-emails.js';
import { NewsletterRepository } from './modules/newsletter/newsletter.repository.js';
import { TemplatesRepository } from './modules/newsletter/templates.repository.js';
import { newsletterRoutes } from './modules/newsletter/newsletter.routes.js';
import { NewsletterService } from './modules/newsletter/newsletter.service.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';
import { SettingsRepository } from './modules/settings/settings.repository.js';
import { SettingsService } from './modules/settings/settings.service.js';
import { StatsRefresher, statsWorkflowFrom } from './modules/stats/stats-refresher.js';
import { StatsRepository } from './modules/stats/stats.repository.js';
import { statsRoutes } from './modules/stats/stats.routes.js';
import { StatsService } from './modules/stats/stats.service.js';
import type { ModuleContext } from './modules/module-context.js';
import { uploadsRoutes } from './modules/uploads/uploads.routes.js';
import { UsersRepository } from './modules/users/users.repository.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { UsersService } from './modules/users/users.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    /** Serialized public reads; writers call invalidate() so visitors see changes at once. */
    publicCache: PublicCache;
    /** Uploaded files: public images and private robot files (src/server/storage/storage.ts). */
    storage: Storage;
    /** Sends email campaigns in the background (modules/newsletter/campaign-sender.ts). */
    campaignSender: CampaignSender;
  }
}

export interface BuildOptions {
  /** Folder of the built web app; defaults to dist/web beside the sources. */
  webRoot?: string;
  /** Tests pass false to keep their output quiet. */
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
}

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..', import.meta.url.includes('/dist/') ? '..' : '.');

function requestIds(): () => string {
  const prefix = crypto.randomUUID().slice(0, 8);
  let counter = 0;
  return () => `${prefix}-${(++counter).toString(36)}`;
}

function hopCount(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/** Builds the whole application without listening, so that tests can `inject` requests. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { ...loggerOptions(config), ...(options.logStream ? { stream: options.logStream } : {}) },
    // A hop count means: believe that many proxies in front of us.
    trustProxy: typeof config.trustProxy === 'number' ? hopCount(config.trustProxy) : config.trustProxy,
    // Ids travel in logs: a random prefix per process keeps them unique across instances, a
    // counter keeps them cheap.
    genReqId: requestIds(),
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const releaseLock = config.database.dialect === 'sqlite' ? lockDataDir(config.dataDir) : () => undefined;
  let database: DatabaseHandle;
  try {
    database = await openDatabase(config.database);
  } catch (error) {
    releaseLock();
    throw error;
  }
  app.decorate('database', database);
  app.addHook('onClose', async () => {
    await database.close();
    releaseLock();
  });
  try {
    await prepareDatabase(database, config, app.log);
  } catch (error) {
    await app.close();
    throw error;
  }

  const { db } = database;
  const settings = new SettingsService(new SettingsRepository(db));
  const catalogue = new CatalogueService(new CategoriesRepository(db), new RobotsRepository(db));
  const content = new ContentRepository(db);
  const publicCache = new PublicCache();
  app.decorate('publicCache', publicCache);
  const storage: Storage = new LocalDiskStorage(path.join(config.dataDir, 'storage'));
  app.decorate('storage', storage);
  const audit = new AuditLog(new AuditRepository(db));
  const modules: ModuleContext = { db, audit, storage, settings };
  const users = new UsersService(new UsersRepository(db));
  const stats = new StatsService(new StatsRepository(db));
  const statsRefresher = new StatsRefresher({
    stats,
    workflow: statsWorkflowFrom(settings),
    log: app.log,
    exclusive: (work) => runExclusive(db, database.dialect, 'stats-refresh', work),
    onRobotsChanged: () => publicCache.invalidate(),
  });
  app.decorate('statsRefresher', statsRefresher);
  // Registered after the database's own onClose hook, so it runs before it (last in, first out).
  app.addHook('onClose', () => statsRefresher.stop());
  const mailer = createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, dataDir: config.dataDir, log: app.log });
  app.addHook('onClose', () => mailer.close());
  const auth = createAuth(config, db, mailer, app.log);
  const emails = newsletterEmails(config.publicUrl);
  const subscribers = new NewsletterRepository(db);
  const campaigns = new CampaignsRepository(db);
  const campaignSender = new CampaignSender({
    campaigns,
    mailer,
    emails,
    ratePerSecond: config.newsletterSendRate,
    exclusive: (work) => runExclusive(db, database.dialect, 'newsletter-send', work),
    log: app.log,
  });
  app.decorate('campaignSender', campaignSender);
  // Stops before the mailer and the database close (onClose hooks run last in, first out).
  app.addHook('onClose', () => campaignSender.stop());
  const newsletterAdmin = new NewsletterAdminService({
    subscribers,
    templates: new TemplatesRepository(db),
    campaigns,
    settings,
    sender: campaignSender,
    canEmail: mailer.delivers,
    sanitize: sanitizeRichText,
    publicUrl: config.publicUrl,
  });

  registerErrorHandler(app);
  registerOriginCheck(app, (request) => ownOrigins(config, request));
  registerAccessControl(app, sessionUserResolver(auth));
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 'rate_limited',
      message: `Too many attempts. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  });
  registerSecurityHeaders(app, config.publicUrl);
  registerAdminWriteInvalidation(app, publicCache);
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });

  registerHealthRoute(app, database.ping);
  await app.register(settingsRoutes(settings, publicCache, audit));
  await app.register(catalogueRoutes(catalogue, publicCache));
  await app.register(contentRoutes(content, publicCache));
  registerAuthRoutes(app, auth, config);
  await app.register(newsletterRoutes(new NewsletterService({ subscribers, settings, mailer, emails, log: app.log })));
  await app.register(newsletterAdminRoutes(newsletterAdmin, audit));
  await app.register(chatRoutes(new ChatService(settings)));
  await app.register(usersRoutes(users, audit));
  await app.register(statsRoutes(stats, statsRefresher, automationSecretFrom(settings)));
  await app.register(catalogueAdminRoutes(modules));
  await app.register(contentAdminRoutes(modules));
  await app.register(uploadsRoutes(modules));
  await app.register(auditRoutes(audit));

  const webRoot = options.webRoot ?? path.join(projectRoot, 'dist/web');
  registerSeoRoutes(app, { publicUrl: config.publicUrl, settings, catalogue });
  await registerStaticFiles(app, webRoot);
  registerHtmlPages(app, { shell: await PageShell.load(path.join(webRoot, 'index.html')), publicUrl: config.publicUrl, settings, catalogue, content, cache: publicCache });
  statsRefresher.start(config.statsRefreshSeconds);
  if (mailer.delivers) campaignSender.start();
  return app;
}
