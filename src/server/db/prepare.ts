import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { openDatabase, type DatabaseHandle } from './database.js';
import { withStartupLock } from './dialect.js';
import { migrateToLatest } from './migrate.js';
import { ensureAdministrator, type AdminBootstrapResult } from './seed/admin-account.js';
import { ensureSettings, seedDemoContent, seedLegalPageTemplates } from './seed/seed.js';
import { lockDataDir } from './sqlite.js';

/**
 * Start-up work on the database: migrations, settings defaults, the demo catalogue on a new shop
 * and the first administrator. Held under one lock so that instances starting together on
 * PostgreSQL do it exactly once.
 */
export async function prepareDatabase(
  database: DatabaseHandle,
  config: Config,
  log: FastifyBaseLogger,
): Promise<AdminBootstrapResult> {
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

/**
 * The app's database, prepared. On SQLite the data folder is locked first (one process per
 * DATA_DIR); the handle's close() releases the lock after the database, and a failed start-up
 * releases both.
 */
export async function openAppDatabase(
  config: Config,
  log: FastifyBaseLogger,
): Promise<{ database: DatabaseHandle; admin: AdminBootstrapResult }> {
  const releaseLock = config.database.dialect === 'sqlite' ? lockDataDir(config.dataDir) : () => undefined;
  let opened: DatabaseHandle;
  try {
    opened = await openDatabase(config.database);
  } catch (error) {
    releaseLock();
    throw error;
  }
  const database: DatabaseHandle = {
    ...opened,
    close: async () => {
      await opened.close();
      releaseLock();
    },
  };
  try {
    return { database, admin: await prepareDatabase(database, config, log) };
  } catch (error) {
    await database.close();
    throw error;
  }
}
