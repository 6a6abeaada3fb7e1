import { sql, type Kysely } from 'kysely';
import { booleanCheck, type ColumnTypes } from '../dialect.js';

const list = (values: readonly string[]) => sql.join(values.map((value) => sql.lit(value)));

/**
 * Licences bound to trading accounts (issue 18, decision 0017): the robot's licence settings, its
 * EA secret, one licence per paid order, the accounts each licence is activated on, the log of
 * robots' checks, and the keys that sign the answers.
 */
export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  await db.schema
    .alterTable('robots')
    .addColumn('licence_required', t.boolean, (c) =>
      c.notNull().defaultTo(t.false).check(booleanCheck(t, 'licence_required')),
    )
    .execute();
  await db.schema
    .alterTable('robots')
    .addColumn('licence_real_slots', t.integer, (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`licence_real_slots between 0 and 100`),
    )
    .execute();
  await db.schema
    .alterTable('robots')
    .addColumn('licence_demo_slots', t.integer, (c) =>
      c
        .notNull()
        .defaultTo(2)
        .check(sql`licence_demo_slots between 0 and 100`),
    )
    .execute();
  await db.schema
    .alterTable('robots')
    .addColumn('licence_duration_days', t.integer, (c) => c.check(sql`licence_duration_days > 0`))
    .execute();

  await db.schema
    .createTable('robot_licence_secrets')
    .addColumn('robot_id', 'text', (c) => c.primaryKey().references('robots.id').onDelete('cascade'))
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();

  await db.schema
    .createTable('licences')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // One licence per order: the unique constraint makes issuing idempotent under races too.
    .addColumn('order_id', 'text', (c) => c.notNull().unique().references('orders.id').onDelete('cascade'))
    // A deleted robot keeps its orders (DESIGN deviation 2) and so its licences, which then answer wrong_robot.
    .addColumn('robot_id', 'text', (c) => c.references('robots.id').onDelete('set null'))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('key_sealed', 'text', (c) => c.notNull())
    .addColumn('key_suffix', 'text', (c) => c.notNull())
    .addColumn('real_slots', t.integer, (c) => c.notNull())
    .addColumn('demo_slots', t.integer, (c) => c.notNull())
    .addColumn('expires_at', t.timestamp)
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('active')
        .check(sql`status in (${list(['active', 'revoked'])})`),
    )
    .addColumn('revoked_reason', 'text')
    .addColumn('revoked_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex('licences_robot_idx').on('licences').column('robot_id').execute();
  await db.schema.createIndex('licences_user_idx').on('licences').column('user_id').execute();
  await db.schema.createIndex('licences_key_suffix_idx').on('licences').column('key_suffix').execute();

  await db.schema
    .createTable('licence_activations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('licence_id', 'text', (c) => c.notNull().references('licences.id').onDelete('cascade'))
    .addColumn('account_login', 'text', (c) => c.notNull())
    .addColumn('account_server', 'text', (c) => c.notNull())
    .addColumn('account_mode', 'text', (c) => c.notNull().check(sql`account_mode in (${list(['real', 'demo'])})`))
    .addColumn('slot', t.integer, (c) => c.notNull().check(sql`slot >= 1`))
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('ea_version', 'text')
    .addColumn('first_seen_at', t.timestamp, (c) => c.notNull())
    .addColumn('last_seen_at', t.timestamp, (c) => c.notNull())
    .addColumn('freed_at', t.timestamp)
    .execute();
  // Two partial unique indexes hold the rules without a lock, on both engines: an account is
  // bound at most once per licence, and two activations racing for the last slot of a mode
  // cannot both take it (the loser retries the next slot number, or answers no_free_slot).
  await db.schema
    .createIndex('licence_activations_account_uq')
    .on('licence_activations')
    .columns(['licence_id', 'account_login', 'account_server'])
    .unique()
    .where(sql.ref('freed_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('licence_activations_slot_uq')
    .on('licence_activations')
    .columns(['licence_id', 'account_mode', 'slot'])
    .unique()
    .where(sql.ref('freed_at'), 'is', null)
    .execute();

  await db.schema
    .createTable('licence_checks')
    .addColumn('id', 'integer', (c) =>
      t.dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey().generatedAlwaysAsIdentity(),
    )
    .addColumn('licence_id', 'text', (c) => c.references('licences.id').onDelete('cascade'))
    .addColumn('checked_at', t.timestamp, (c) => c.notNull())
    .addColumn('endpoint', 'text', (c) => c.notNull().check(sql`endpoint in (${list(['activate', 'validate'])})`))
    .addColumn('ip_address', 'text')
    .addColumn('account_login', 'text')
    .addColumn('account_server', 'text')
    .addColumn('account_mode', 'text')
    .addColumn('platform', 'text')
    .addColumn('ea_version', 'text')
    .addColumn('result', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('licence_checks_licence_idx')
    .on('licence_checks')
    .columns(['licence_id', 'checked_at'])
    .execute();
  // The daily cleanup deletes by age.
  await db.schema.createIndex('licence_checks_checked_idx').on('licence_checks').column('checked_at').execute();

  await db.schema
    .createTable('licence_signing_keys')
    // Generation 1 is the first key; two instances creating it at once collide here, and one wins.
    .addColumn('generation', t.integer, (c) => c.primaryKey())
    .addColumn('kid', 'text', (c) => c.notNull().unique())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('private_key_sealed', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
}
