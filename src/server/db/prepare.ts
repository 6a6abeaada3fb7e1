import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { DatabaseHandle } from './database.js';
import { withStartupLock } from './dialect.js';
import { migrateToLatest } from './migrate.js';
import { ensureAdministrator, type AdminBootstrapResult } from './seed/admin-account.js';
import { ensureSettings, seedDemoContent, seedLegalPageTemplates } from './seed/seed.js';

/**
 * Start-up work on the database: migrations, settings defaults, the demo catalogue on a new shop
 * and the first administrator. Held under one lock so that instances starting together on
 * PostgreSQL do it exactly once.
 */
export async function prepareDatabase(database: DatabaseHandle, config: Config, log: FastifyBaseLogger): Promise<AdminBootstrapResult> {
  return withStartupLock(database.db, database.dialect, async (db) => {
    const applied = await migrateToLatest(db, database.dialect);
    if (applied.length > 0) log.info({ migrations: applied }, 'database migrated');
    await ensureSettings(db);
    if (config.seedDemo && (await seedDemoContent(db))) log.info('demo catalogue seeded');
    if (config.seedDemo && (await seedLegalPageTemplates(db))) log.info('legal page templates seeded');
    const admin = await ensureAdministrator(db, config.admin);
    if (admin.kind === 'created' && admin.generatedPassword) {
      // The password itself never goes into the logs: the process prints it once, to the terminal.
      log.warn(`administrator ${admin.email} created with a generated password, printed once on the terminal`);
    } else if (admin.kind !== 'unchanged') {
      log.info(`administrator ${admin.email} ${admin.kind}`);
    }
    return admin;
  });
}
