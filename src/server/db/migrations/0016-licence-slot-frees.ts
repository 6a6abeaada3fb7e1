import { sql, type Kysely } from 'kysely';

/**
 * Who gave a licence's slot back (issue 18 §2, the client's licence page; decision 0017): the
 * client on their licence page, whose frees are limited to 3 in 30 days, or an administrator,
 * whose frees do not count toward that limit. The freed activation keeps its row (`freed_at`,
 * migration 0010); these columns say by whom. Rows freed before this release have neither.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // A deleted account empties freed_by but leaves the role, which is what the limit counts.
  await db.schema
    .alterTable('licence_activations')
    .addColumn('freed_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .alterTable('licence_activations')
    .addColumn('freed_by_role', 'text', (c) => c.check(sql`freed_by_role in ('client', 'administrator')`))
    .execute();
  // The limit counts a licence's recent frees, which the partial indexes of live rows do not cover.
  await db.schema
    .createIndex('licence_activations_freed_idx')
    .on('licence_activations')
    .columns(['licence_id', 'freed_at'])
    .execute();
}
