import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
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
import { createStorage } from './storage/create-storage.js';
import type { Storage } from './storage/storage.js';
import { sanitizeRichText } from './html/sanitize-rich-text.js';
import { registerHtmlPages } from './html/html.routes.js';
import { PageShell } from './html/page-shell.js';
import { registerSeoRoutes } from './html/seo.routes.js';
import { registerErrorHandler } from './http/error-handler.js';
import { registerHealthRoute } from './http/health.routes.js';
import { registerInputRules } from './http/input-rules.js';
import { registerOpenApi } from './http/openapi.js';
import { loggerOptions } from './http/logging.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerOriginCheck } from './http/origin-check.js';
import { PublicCache } from './http/public-cache.js';
import { registerRateLimiting } from './http/rate-limit.js';
import { registerStaticFiles } from './http/static-files.js';
import { createAutomationGateway, type AutomationGateway } from './integrations/automation-gateway.js';
import { createMailer, type Mailer } from './integrations/mailer.js';
import { registerMetrics } from './metrics/metrics.js';
import { createOrderChanges } from './realtime/order-changes.js';
import { registerAdminWriteInvalidation } from './http/admin-writes.js';
import { AccountRepository } from './modules/account/account.repository.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { AccountService } from './modules/account/account.service.js';
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
import { adminOrdersRoutes } from './modules/orders/admin-orders.routes.js';
import { AdminOrdersService } from './modules/orders/admin-orders.service.js';
import { DownloadLinks } from './modules/orders/download-links.js';
import { OrderEmails } from './modules/orders/order-emails.js';
import { OrderStatusChanger } from './modules/orders/order-status.js';
import { OrderStreams } from './modules/orders/order-streams.js';
import { OrdersRepository } from './modules/orders/orders.repository.js';
import { ordersRoutes } from './modules/orders/orders.routes.js';
import { OrdersService } from './modules/orders/orders.service.js';
import { PaymentCallbacksService } from './modules/orders/payment-callbacks.service.js';
import { paymentHookRoutes } from './modules/orders/payment-hook.routes.js';
import { NewsletterService } from './modules/newsletter/newsletter.service.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';
import { SettingsRepository } from './modules/settings/settings.repository.js';
import { SettingsService } from './modules/settings/settings.service.js';
import { StatsRefresher } from './modules/stats/stats-refresher.js';
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
  /** Receives the generated credentials of a first administrator, for the terminal (main.ts). */
  onAdministratorGenerated?: (credentials: { email: string; password: string }) => void;
}

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..', import.meta.url.includes('/dist/') ? '..' : '.');

function requestIds(): () => string {
  const prefix = crypto.randomUUID().slice(0, 8);
  let counter = 0;
  return () => `${prefix}-${(++counter).toString(36)}`;
}

/** How often Node looks for requests past their header or request timeout. */
const TIMEOUT_CHECK_INTERVAL_MS = 1000;

function hopCount(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/** Orders, payment and delivery (issue 9): one repository, one status changer, three route plugins. */
async function registerOrders(
  app: FastifyInstance,
  { config, database, automation, mailer, storage }: { config: Config; database: DatabaseHandle; automation: AutomationGateway; mailer: Mailer; storage: Storage },
): Promise<void> {
  const orders = new OrdersRepository(database.db);
  const changes = createOrderChanges(database.db, config.database, app.log);
  await changes.ready;
  const streams = new OrderStreams(orders, changes, app.log);
  // Open event streams would keep the server from closing; the listener goes with the database.
  app.addHook('preClose', async () => streams.closeAll());
  app.addHook('onClose', () => changes.close());
  const emails = new OrderEmails({ mailer, publicUrl: config.publicUrl, log: app.log, contact: (id) => orders.userContact(id), adminEmails: () => orders.adminEmails() });
  // Queued order emails go out before the mailer and the database close (preClose runs before any onClose).
  app.addHook('preClose', () => emails.close());
  const status = new OrderStatusChanger(orders, changes, emails, app.log);
  const service = new OrdersService({
    orders,
    robots: new RobotsRepository(database.db),
    payments: automation,
    status,
    emails,
    links: new DownloadLinks(config.authSecret),
    storage,
    publicUrl: config.publicUrl,
  });
  await app.register(ordersRoutes(service, streams));
  await app.register(paymentHookRoutes(new PaymentCallbacksService(orders, status), automation.inboundSecret));
  await app.register(adminOrdersRoutes(new AdminOrdersService(orders, status, emails, storage)));
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
    // Slow or stalled clients must not hold connections forever (see config.ts for each limit).
    requestTimeout: config.timeouts.requestMs,
    keepAliveTimeout: config.timeouts.keepAliveMs,
    http: { headersTimeout: config.timeouts.headersMs, connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS },
  }).withTypeProvider<ZodTypeProvider>();
  if (config.trustProxy === true) {
    app.log.warn('TRUST_PROXY=true believes the left-most X-Forwarded-For address, which any client can write: set the number of proxies in front of the shop (e.g. 1) or their addresses instead');
  }
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
    const admin = await prepareDatabase(database, config, app.log);
    if (admin.kind === 'created' && admin.generatedPassword) options.onAdministratorGenerated?.({ email: admin.email, password: admin.generatedPassword });
  } catch (error) {
    await app.close();
    throw error;
  }

  const { db } = database;
  const settings = new SettingsService(new SettingsRepository(db));
  const automation = createAutomationGateway({ readSettings: () => settings.getAll(), publicUrl: config.publicUrl, previousSecret: config.automationPreviousSecret });
  const catalogue = new CatalogueService(new CategoriesRepository(db), new RobotsRepository(db));
  const content = new ContentRepository(db);
  const publicCache = new PublicCache();
  app.decorate('publicCache', publicCache);
  const storage = createStorage(config);
  app.decorate('storage', storage);
  app.addHook('onClose', async () => storage.close?.());
  const audit = new AuditLog(new AuditRepository(db));
  const modules: ModuleContext = { db, audit, storage, settings };
  const users = new UsersService(new UsersRepository(db));
  const stats = new StatsService(new StatsRepository(db));
  const statsRefresher = new StatsRefresher({
    stats,
    workflow: automation,
    log: app.log,
    exclusive: (work) => runExclusive(db, database.dialect, 'stats-refresh', work),
    onRobotsChanged: () => publicCache.invalidate(),
  });
  app.decorate('statsRefresher', statsRefresher);
  // Registered after the database's own onClose hook, so it runs before it (last in, first out).
  app.addHook('onClose', () => statsRefresher.stop());
  const mailer = createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, dataDir: config.dataDir, log: app.log });
  app.addHook('onClose', () => mailer.close());
  const auth = createAuth(config, db, mailer, app.log, async () => {
    const { seo_title, default_language } = await settings.getPublic();
    return { shopName: seo_title, defaultLanguage: default_language };
  });
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
    workflow: automation,
    sender: campaignSender,
    canEmail: mailer.delivers,
    sanitize: sanitizeRichText,
    publicUrl: config.publicUrl,
  });

  registerErrorHandler(app);
  // First of the request hooks, so that every answer carries them, refusals by later hooks included.
  registerSecurityHeaders(app, config.publicUrl);
  registerInputRules(app);
  registerOriginCheck(app, (request) => ownOrigins(config, request));
  registerAccessControl(app, sessionUserResolver(auth, db, config.authSecret));
  await registerRateLimiting(app, database);
  registerAdminWriteInvalidation(app, publicCache);
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });

  // Before every route: it describes the routes registered after it.
  await registerOpenApi(app, (JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { version: string }).version);
  registerMetrics(app, { token: config.metricsToken, poolStats: database.poolStats });
  registerHealthRoute(app, database.ping);
  await app.register(settingsRoutes(settings, publicCache, audit, automation));
  await app.register(catalogueRoutes(catalogue, publicCache));
  await app.register(contentRoutes(content, publicCache));
  registerAuthRoutes(app, auth, config);
  await app.register(newsletterRoutes(new NewsletterService({ subscribers, settings, mailer, emails, log: app.log })));
  await app.register(newsletterAdminRoutes(newsletterAdmin, audit));
  await app.register(chatRoutes(new ChatService(settings, automation)));
  await app.register(usersRoutes(users, audit));
  await app.register(accountRoutes(new AccountService(new AccountRepository(db))));
  await app.register(statsRoutes(stats, statsRefresher, automation.inboundSecret));
  await app.register(catalogueAdminRoutes(modules));
  await app.register(contentAdminRoutes(modules));
  await app.register(uploadsRoutes(modules));
  await app.register(auditRoutes(audit));
  await registerOrders(app, { config, database, automation, mailer, storage });

  const webRoot = options.webRoot ?? path.join(projectRoot, 'dist/web');
  const shell = await PageShell.load(path.join(webRoot, 'index.html'));
  registerSeoRoutes(app, { shell, publicUrl: config.publicUrl, settings, catalogue });
  await registerStaticFiles(app, webRoot);
  registerHtmlPages(app, { shell, publicUrl: config.publicUrl, settings, catalogue, content, cache: publicCache });
  statsRefresher.start(config.statsRefreshSeconds);
  if (mailer.delivers) campaignSender.start();
  return app;
}
