import type { Kysely } from 'kysely';
import type { ColumnTypes } from '../dialect.js';

/** Who changed what in the back office, and when (issue 10: the Activity page). */
export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // The actor's address is copied: the record outlives the account.
    .addColumn('actor_id', 'text')
    .addColumn('actor_email', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('record_id', 'text')
    .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
    /** JSON object: field -> { from, to }; secrets are never written here. */
    .addColumn('changes', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex('audit_log_created_idx').on('audit_log').column('created_at').execute();
  await db.schema.createIndex('audit_log_resource_idx').on('audit_log').columns(['resource', 'created_at']).execute();
}
