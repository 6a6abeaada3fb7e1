import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { columnTypes, type ColumnTypes, type DialectName } from './dialect.js';
import * as initialSchema from './migrations/0001-initial-schema.js';
import * as legalContentPages from './migrations/0003-legal-content-pages.js';
import * as ordersPaymentAndDelivery from './migrations/0004-orders-payment-and-delivery.js';
import * as auditLog from './migrations/0005-audit-log.js';
import * as newsletterCampaigns from './migrations/0006-newsletter-campaigns.js';
import * as sharedRateLimits from './migrations/0007-shared-rate-limits.js';
import * as bannersTable from './migrations/0008-banners-table.js';
import * as emailOutbox from './migrations/0009-email-outbox.js';
import * as licences from './migrations/0010-licences.js';
import * as orderEvents from './migrations/0011-order-events.js';
import * as downloadLinkUses from './migrations/0012-download-link-uses.js';
import * as paymentOutcomesAndRefunds from './migrations/0013-payment-outcomes-and-refunds.js';
import * as orderEventsShopActor from './migrations/0014-order-events-shop-actor.js';
import * as robotReleasesAndOrderVersions from './migrations/0015-robot-releases-and-order-versions.js';
import * as licenceSlotFrees from './migrations/0016-licence-slot-frees.js';
import * as licenceOwnerActions from './migrations/0017-licence-owner-actions.js';
import * as trackRecords from './migrations/0018-track-records.js';
import * as freeTrials from './migrations/0019-free-trials.js';
import * as robotSlugsAndSiteName from './migrations/0020-robot-slugs-and-site-name.js';
import * as faqsAndPagesInTwoLanguages from './migrations/0021-faqs-and-pages-in-two-languages.js';
import * as robotBannerAndSettingsTextsInTwoLanguages from './migrations/0022-robot-banner-and-settings-texts-in-two-languages.js';
import * as categoryNamesInTwoLanguages from './migrations/0023-category-names-in-two-languages.js';
import * as seededPagesInFrench from './migrations/0024-seeded-pages-in-french.js';

interface DialectMigration {
  up(db: Kysely<any>, types: ColumnTypes): Promise<void>;
}

/** Every migration, in order. Names never change once released. */
const migrations: Record<string, DialectMigration> = {
  '0001-initial-schema': initialSchema,
  '0003-legal-content-pages': legalContentPages,
  '0004-orders-payment-and-delivery': ordersPaymentAndDelivery,
  '0005-audit-log': auditLog,
  '0006-newsletter-campaigns': newsletterCampaigns,
  '0007-shared-rate-limits': sharedRateLimits,
  '0008-banners-table': bannersTable,
  '0009-email-outbox': emailOutbox,
  '0010-licences': licences,
  '0011-order-events': orderEvents,
  '0012-download-link-uses': downloadLinkUses,
  '0013-payment-outcomes-and-refunds': paymentOutcomesAndRefunds,
  '0014-order-events-shop-actor': orderEventsShopActor,
  '0015-robot-releases-and-order-versions': robotReleasesAndOrderVersions,
  '0016-licence-slot-frees': licenceSlotFrees,
  '0017-licence-owner-actions': licenceOwnerActions,
  '0018-track-records': trackRecords,
  '0019-free-trials': freeTrials,
  '0020-robot-slugs-and-site-name': robotSlugsAndSiteName,
  '0021-faqs-and-pages-in-two-languages': faqsAndPagesInTwoLanguages,
  '0022-robot-banner-and-settings-texts-in-two-languages': robotBannerAndSettingsTextsInTwoLanguages,
  '0023-category-names-in-two-languages': categoryNamesInTwoLanguages,
  '0024-seeded-pages-in-french': seededPagesInFrench,
};

/** The migrations above for Kysely's Migrator; tests use it to stop at an older schema. */
export class InCodeMigrations implements MigrationProvider {
  constructor(private readonly types: ColumnTypes) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries(
      Object.entries(migrations).map(([name, migration]) => [
        name,
        { up: (db: Kysely<any>) => migration.up(db, this.types) },
      ]),
    );
  }
}

/**
 * Brings the schema up to date. Idempotent; on PostgreSQL Kysely holds an advisory lock while it
 * migrates and runs each migration in a transaction, so instances starting together are safe.
 */
export async function migrateToLatest(db: Kysely<any>, dialect: DialectName): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new InCodeMigrations(columnTypes(dialect)) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName;
    throw new Error(
      `Database migration ${failed ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
