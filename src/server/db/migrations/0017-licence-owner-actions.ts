import type { Kysely } from 'kysely';
import type { ColumnTypes } from '../dialect.js';

/**
 * The owner's Licences page (issue 18 §2, decision 0017). Who freed a slot is migration 0016's
 * (`freed_by`, `freed_by_role`); this one adds:
 * - on each licence, the owner's own words when they revoke it (`revoked_reason` stays a code the
 *   robots' answers are chosen by: refunded, cancelled, owner);
 * - the index of the owner's search by account number, over every activation, freed ones too.
 */
export async function up(db: Kysely<any>, _t: ColumnTypes): Promise<void> {
  await db.schema.alterTable('licences').addColumn('revoked_note', 'text').execute();
  await db.schema
    .createIndex('licence_activations_login_idx')
    .on('licence_activations')
    .column('account_login')
    .execute();
}
