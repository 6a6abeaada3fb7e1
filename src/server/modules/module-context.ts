import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import { runExclusive, type ExclusiveJob } from '../db/dialect.js';
import type { Database } from '../db/schema.js';
import { PublicCache } from '../http/public-cache.js';
import { ListeningConnection } from '../realtime/listening-connection.js';
import { createAutomationGateway, type AutomationGateway } from '../integrations/automation-gateway.js';
import { createMailer, type Mailer } from '../integrations/mailer.js';
import { withShopIdentity } from '../integrations/shop-mailer.js';
import { createStorage } from '../storage/create-storage.js';
import type { Storage } from '../storage/storage.js';
import { createAuditLog, type AuditLog } from './audit/audit.service.js';
import { createEmailOutbox, type EmailOutbox } from './email-outbox/email-outbox.service.js';
import { SETTINGS_CHANNEL } from './settings/settings.repository.js';
import { createSettingsService, settingsCacheOf, type SettingsService } from './settings/settings.service.js';

/** Runs `work` unless another app instance runs the same job (db/dialect.ts runExclusive). */
export type RunExclusive = <T>(
  job: ExclusiveJob,
  work: () => Promise<T>,
) => Promise<{ ran: true; value: T } | { ran: false }>;

/**
 * What a module may take to build itself. Each module's `<domain>.module.ts` exports one
 * `register(app, context)`, and app.ts adds a module in one line (docs/architecture.md).
 */
export interface ModuleContext {
  config: Config;
  db: Kysely<Database>;
  /** Background jobs that one instance at a time may run, whatever the database engine. */
  exclusive: RunExclusive;
  /** Serialized public reads; any administrator write clears it (http/admin-writes.ts). */
  cache: PublicCache;
  settings: SettingsService;
  /** The one way to the automation workflows, both directions (integrations/automation-gateway.ts). */
  automation: AutomationGateway;
  audit: AuditLog;
  /** Every email leaves in the shop's name (integrations/shop-mailer.ts). */
  mailer: Mailer;
  /** Emails written in the transaction of the change that causes them, sent in the background (decision 0015). */
  emailOutbox: EmailOutbox;
  storage: Storage;
  log: FastifyBaseLogger;
  /** PostgreSQL: the instance's one connection that LISTENs (decision 0003); null on SQLite. */
  listening: ListeningConnection | null;
}

/**
 * Builds the context every module is registered with. Closing the app closes what it opened:
 * the storage, and the mailer after the modules that mail (onClose hooks run last in, first out).
 */
export async function createModuleContext(
  app: FastifyInstance,
  config: Config,
  database: DatabaseHandle,
): Promise<ModuleContext> {
  const { db } = database;
  const storage = await createStorage(config);
  app.addHook('onClose', async () => storage.close?.());
  // PostgreSQL: the instance's one listening connection, for the order changes and the settings.
  const listening =
    config.database.dialect === 'postgres' ? new ListeningConnection(config.database.url, app.log) : null;
  if (listening) app.addHook('onClose', () => listening.close());
  const settings = createSettingsService(db, config.database.dialect);
  if (listening) {
    // Another instance's save clears this one's settings; while nothing listens, none is kept.
    const cache = settingsCacheOf(db);
    cache.usable = () => listening.current !== null;
    listening.onListening(() => cache.clear());
    await listening.listen(SETTINGS_CHANNEL, () => cache.clear());
  }
  const cache = new PublicCache();
  const mailer = withShopIdentity(
    createMailer({
      smtpUrl: config.mail.smtpUrl,
      from: config.mail.fromAddress,
      dataDir: config.dataDir,
      log: app.log,
    }),
    // The public settings every page reads, from the cache an administrator's save clears: a
    // campaign of thousands of emails reads them a few times, and a new name applies at once.
    {
      name: async () => (await cache.memo('settings:public', () => settings.getPublic())).site_name,
      publicUrl: config.publicUrl,
    },
  );
  app.addHook('onClose', () => mailer.close());
  const exclusive: RunExclusive = (job, work) => runExclusive(db, database.dialect, job, work);
  return {
    config,
    db,
    exclusive,
    cache,
    settings,
    automation: createAutomationGateway({
      readSettings: () => settings.getAll(),
      publicUrl: config.publicUrl,
      previousSecret: config.automationPreviousSecret,
    }),
    audit: createAuditLog(db),
    mailer,
    emailOutbox: createEmailOutbox({
      db,
      mailer,
      exclusive: (work) => exclusive('email-outbox', work),
      messageIdDomain: new URL(config.publicUrl).hostname,
      log: app.log,
    }),
    storage,
    log: app.log,
    listening,
  };
}
