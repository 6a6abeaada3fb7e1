import { sql, type Kysely } from 'kysely';
import type { ColumnTypes } from '../dialect.js';

/**
 * The owner's Licences page (issue 18 §2, decision 0017). Only columns and indexes are added:
 * - on each activation, who freed its slot: `freed_by_role` (the licence's client, or an
 *   administrator resetting the slots: a reset must not count toward the client's own frees), and
 *   their id and address, copied as the activity log copies them (the row outlives the account);
 * - on each licence, the owner's own words when they revoke it (`revoked_reason` stays a code the
 *   robots' answers are chosen by: refunded, cancelled, owner);
 * - indexes for the owner's page: a licence's activations, live or freed, and the search by account.
 */
export async function up(db: Kysely<any>, _t: ColumnTypes): Promise<void> {
  await db.schema
    .alterTable('licence_activations')
    .addColumn('freed_by_role', 'text', (c) => c.check(sql`freed_by_role in ('client', 'administrator')`))
    .execute();
  await db.schema
    .alterTable('licence_activations')
    .addColumn('freed_by_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('licence_activations').addColumn('freed_by_email', 'text').execute();
  await db.schema.alterTable('licences').addColumn('revoked_note', 'text').execute();

  await db.schema
    .createIndex('licence_activations_licence_idx')
    .on('licence_activations')
    .columns(['licence_id', 'first_seen_at'])
    .execute();
  await db.schema
    .createIndex('licence_activations_login_idx')
    .on('licence_activations')
    .column('account_login')
    .execute();
}
