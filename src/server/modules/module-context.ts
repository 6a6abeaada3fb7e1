import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { ExclusiveJob } from '../db/dialect.js';
import type { Database } from '../db/schema.js';
import type { PublicCache } from '../http/public-cache.js';
import type { AutomationGateway } from '../integrations/automation-gateway.js';
import type { Mailer } from '../integrations/mailer.js';
import type { Storage } from '../storage/storage.js';
import type { AuditLog } from './audit/audit.service.js';
import type { EmailOutbox } from './email-outbox/email-outbox.service.js';
import type { SettingsService } from './settings/settings.service.js';

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
  mailer: Mailer;
  /** Emails written in the transaction of the change that causes them, sent in the background (decision 0015). */
  emailOutbox: EmailOutbox;
  storage: Storage;
  log: FastifyBaseLogger;
}
