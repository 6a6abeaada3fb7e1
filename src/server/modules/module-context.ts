import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Storage } from '../storage/storage.js';
import type { AuditLog } from './audit/audit.service.js';
import type { SettingsService } from './settings/settings.service.js';

/**
 * What a module may take to build its routes. Each module exports one function from this to its
 * plugin, so app.ts adds a module in one line.
 */
export interface ModuleContext {
  db: Kysely<Database>;
  audit: AuditLog;
  storage: Storage;
  settings: SettingsService;
}
