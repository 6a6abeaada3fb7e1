import { sql, type Kysely } from 'kysely';
import { booleanCheck, type ColumnTypes } from '../dialect.js';

const list = (values: readonly string[]) => sql.join(values.map((value) => sql.lit(value)));

/** The whole data model of SPEC §3, plus what better-auth needs. */
export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('email_verified', t.boolean, (c) => c.notNull().defaultTo(t.false))
    .addColumn('full_name', 'text')
    .addColumn('image', 'text')
    .addColumn('role', 'text', (c) =>
      c
        .notNull()
        .defaultTo('client')
        .check(sql`role in (${list(['client', 'admin'])})`),
    )
    .addColumn('created_date', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addCheckConstraint('users_email_verified_bool', booleanCheck(t, 'email_verified'))
    .execute();
  await db.schema.createIndex('users_created_date_idx').on('users').column('created_date').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('ip_address', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('provider_id', 'text', (c) => c.notNull())
    .addColumn('access_token', 'text')
    .addColumn('refresh_token', 'text')
    .addColumn('id_token', 'text')
    .addColumn('access_token_expires_at', t.timestamp)
    .addColumn('refresh_token_expires_at', t.timestamp)
    .addColumn('scope', 'text')
    .addColumn('password', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addUniqueConstraint('accounts_provider_account_unique', ['provider_id', 'account_id'])
    .execute();
  await db.schema.createIndex('accounts_user_id_idx').on('accounts').column('user_id').execute();

  await db.schema
    .createTable('verifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('identifier', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema.createIndex('verifications_identifier_idx').on('verifications').column('identifier').execute();

  await db.schema
    .createTable('categories')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('active', t.boolean, (c) => c.notNull().defaultTo(t.true))
    .addColumn('created_date', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addCheckConstraint('categories_active_bool', booleanCheck(t, 'active'))
    .execute();

  await db.schema
    .createTable('robots')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('price', t.money, (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`price >= 0`),
    )
    .addColumn('image_url', 'text')
    // Renaming a category key follows through to its robots; deleting it leaves them uncategorised.
    .addColumn('category', 'text', (c) => c.references('categories.key').onUpdate('cascade').onDelete('set null'))
    .addColumn('risk_level', 'text', (c) =>
      c
        .notNull()
        .defaultTo('medium')
        .check(sql`risk_level in (${list(['low', 'medium', 'high'])})`),
    )
    .addColumn('trading_pair', 'text')
    .addColumn('exchange', 'text')
    .addColumn('features', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('performance_estimate', t.decimal, (c) => c.notNull().defaultTo(0))
    .addColumn('target_profit', t.decimal, (c) => c.notNull().defaultTo(0))
    .addColumn('weekly_pnl', t.decimal, (c) => c.notNull().defaultTo(0))
    .addColumn('monthly_pnl', t.decimal, (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('active')
        .check(sql`status in (${list(['active', 'inactive'])})`),
    )
    .addColumn('winrate', t.decimal)
    .addColumn('balance', t.decimal)
    .addColumn('profit', t.decimal)
    .addColumn('profit_factor', t.decimal)
    .addColumn('weekly', t.decimal)
    .addColumn('monthly', t.decimal)
    .addColumn('floating', t.decimal)
    .addColumn('daily', t.decimal)
    .addColumn('last_stats_update', t.timestamp)
    .addColumn('created_date', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  // The storefront lists active robots newest first, optionally within one category.
  await db.schema.createIndex('robots_status_created_idx').on('robots').columns(['status', 'created_date']).execute();
  await db.schema.createIndex('robots_category_idx').on('robots').columns(['category', 'status']).execute();
  await db.schema.createIndex('robots_name_idx').on('robots').column('name').execute();

  await db.schema
    .createTable('robot_stats')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('robot_name', 'text', (c) => c.notNull().unique())
    .addColumn('winrate', t.decimal)
    .addColumn('balance', t.decimal)
    .addColumn('weekly', t.decimal)
    .addColumn('profit_factor', t.decimal)
    .addColumn('monthly', t.decimal)
    .addColumn('profit', t.decimal)
    .addColumn('daily', t.decimal)
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();

  await db.schema
    .createTable('robot_stats_history')
    .addColumn('id', 'integer', (c) =>
      t.dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey().generatedAlwaysAsIdentity(),
    )
    .addColumn('robot_id', 'text', (c) => c.notNull().references('robots.id').onDelete('cascade'))
    .addColumn('recorded_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('winrate', t.decimal)
    .addColumn('balance', t.decimal)
    .addColumn('profit', t.decimal)
    .addColumn('profit_factor', t.decimal)
    .addColumn('weekly', t.decimal)
    .addColumn('monthly', t.decimal)
    .addColumn('floating', t.decimal)
    .addColumn('daily', t.decimal)
    .execute();
  await db.schema
    .createIndex('robot_stats_history_robot_idx')
    .on('robot_stats_history')
    .columns(['robot_id', 'recorded_at'])
    .execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // Orders are the shop's accounting: removing a user or a robot keeps them (DESIGN deviation 2).
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('robot_id', 'text', (c) => c.references('robots.id').onDelete('set null'))
    .addColumn('robot_name', 'text', (c) => c.notNull())
    .addColumn('telegram_username', 'text', (c) => c.notNull())
    .addColumn('strategy_instructions', 'text', (c) => c.notNull())
    .addColumn('price', t.money, (c) => c.notNull().check(sql`price >= 0`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending_payment')
        .check(sql`status in (${list(['pending_payment', 'paid', 'in_progress', 'completed', 'failed'])})`),
    )
    .addColumn('estimated_delivery', t.timestamp, (c) => c.notNull())
    .addColumn('payment_id', 'text')
    .addColumn('pay_url', 'text')
    .addColumn('file_path', 'text')
    .addColumn('file_name', 'text')
    .addColumn('download_count', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`download_count between 0 and 2`),
    )
    .addColumn('idempotency_key', 'text')
    .addColumn('created_date', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addUniqueConstraint('orders_user_idempotency_unique', ['user_id', 'idempotency_key'])
    .execute();
  await db.schema.createIndex('orders_user_created_idx').on('orders').columns(['user_id', 'created_date']).execute();
  await db.schema.createIndex('orders_created_idx').on('orders').column('created_date').execute();
  await db.schema.createIndex('orders_robot_idx').on('orders').column('robot_id').execute();
  await db.schema.createIndex('orders_payment_idx').on('orders').column('payment_id').execute();

  await db.schema
    .createTable('hero_banners')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in (${list(['image', 'youtube'])})`))
    .addColumn('content_url', 'text', (c) => c.notNull())
    .addColumn('order_index', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`order_index >= 0`),
    )
    .addColumn('active', t.boolean, (c) => c.notNull().defaultTo(t.true))
    .addColumn('created_date', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addCheckConstraint('hero_banners_active_bool', booleanCheck(t, 'active'))
    .execute();
  await db.schema.createIndex('hero_banners_order_idx').on('hero_banners').columns(['active', 'order_index']).execute();

  await db.schema
    .createTable('faqs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('order_index', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`order_index >= 0`),
    )
    .addColumn('active', t.boolean, (c) => c.notNull().defaultTo(t.true))
    .addColumn('created_date', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addCheckConstraint('faqs_active_bool', booleanCheck(t, 'active'))
    .execute();
  await db.schema.createIndex('faqs_order_idx').on('faqs').columns(['active', 'order_index']).execute();

  await db.schema
    .createTable('newsletter_subscribers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('unsubscribe_token', 'text', (c) => c.notNull().unique())
    .addColumn('created_date', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  // One subscription per address, whatever its letter case.
  await sql`create unique index newsletter_subscribers_email_unique on newsletter_subscribers (lower(email))`.execute(
    db,
  );
  await db.schema
    .createIndex('newsletter_subscribers_created_idx')
    .on('newsletter_subscribers')
    .column('created_date')
    .execute();

  await db.schema
    .createTable('newsletter_templates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_date', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('value', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();

  await db.schema
    .createTable('content_pages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) =>
      c
        .notNull()
        .unique()
        .check(sql`slug in (${list(['copy_trade', 'update'])})`),
    )
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();

  // Facts about the installation itself, such as whether the demo content was ever seeded.
  await db.schema
    .createTable('app_meta')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}
