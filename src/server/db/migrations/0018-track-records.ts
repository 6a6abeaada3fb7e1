import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { ColumnTypes } from '../dialect.js';

const list = (values: readonly string[]) => sql.join(values.map((value) => sql.lit(value)));

/**
 * A track record buyers can trust (issue 20, decision 0019):
 * - on robots, the address of a record verified elsewhere, and the computed figures the catalogue
 *   sorts by and its cards show (growth, maximum drawdown, start of the record);
 * - what the stats workflow reports beyond SPEC's record: balance and equity readings, cash
 *   flows, closed trades, and a log of the pushes;
 * - what is computed from them as they arrive, so a page view computes nothing: one row of
 *   running figures per robot, the growth of each month, the last reading of each day.
 * Existing shops keep the balances they recorded: robot_stats_history's become the first readings.
 */
export async function up(db: Kysely<any>, t: ColumnTypes): Promise<void> {
  await db.schema.alterTable('robots').addColumn('verified_record_url', 'text').execute();
  await db.schema.alterTable('robots').addColumn('track_growth', t.decimal).execute();
  await db.schema.alterTable('robots').addColumn('track_max_drawdown', t.decimal).execute();
  await db.schema.alterTable('robots').addColumn('track_started_at', t.timestamp).execute();

  const robotId = (c: ColumnDefinitionBuilder) => c.notNull().references('robots.id').onDelete('cascade');
  const zero = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);
  const one = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(1);

  // The running figures (decision 0019): each reading that arrives in order moves them one step.
  // Drawdowns are fractions here (0.2 for 20 %); indexes start at 1.
  let figures = db.schema
    .createTable('robot_track_records')
    .addColumn('robot_id', 'text', (c) => c.primaryKey().references('robots.id').onDelete('cascade'))
    .addColumn('started_at', t.timestamp)
    .addColumn('last_data_at', t.timestamp)
    .addColumn('last_received_at', t.timestamp)
    .addColumn('readings', t.integer, zero)
    .addColumn('last_reading_at', t.timestamp);
  for (const series of ['balance', 'equity']) {
    figures = figures
      .addColumn(`${series}_last`, t.decimal)
      .addColumn(`${series}_index`, t.decimal, one)
      .addColumn(`${series}_peak_index`, t.decimal, one)
      .addColumn(`${series}_max_drawdown`, t.decimal, zero)
      .addColumn(`${series}_profit`, t.decimal, zero)
      .addColumn(`${series}_peak_profit`, t.decimal, zero)
      .addColumn(`${series}_max_drawdown_amount`, t.decimal, zero);
  }
  await figures
    .addColumn('trades', t.integer, zero)
    .addColumn('winning_trades', t.integer, zero)
    .addColumn('losing_trades', t.integer, zero)
    .addColumn('gross_profit', t.decimal, zero)
    .addColumn('gross_loss', t.decimal, zero)
    .addColumn('deposits', t.decimal, zero)
    .addColumn('withdrawals', t.decimal, zero)
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .execute();

  await db.schema
    .createTable('robot_track_readings')
    .addColumn('id', 'integer', (c) =>
      t.dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey().generatedAlwaysAsIdentity(),
    )
    .addColumn('robot_id', 'text', robotId)
    .addColumn('recorded_at', t.timestamp, (c) => c.notNull())
    .addColumn('balance', t.decimal, (c) => c.notNull())
    .addColumn('equity', t.decimal, (c) => c.notNull())
    .addColumn('received_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addUniqueConstraint('robot_track_readings_robot_time_unique', ['robot_id', 'recorded_at'])
    .execute();

  await db.schema
    .createTable('robot_track_days')
    .addColumn('robot_id', 'text', robotId)
    // YYYY-MM-DD in UTC: the day's last reading, and the growth index it reached.
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('recorded_at', t.timestamp, (c) => c.notNull())
    .addColumn('balance', t.decimal, (c) => c.notNull())
    .addColumn('equity', t.decimal, (c) => c.notNull())
    .addColumn('growth_index', t.decimal, (c) => c.notNull())
    .addPrimaryKeyConstraint('robot_track_days_pk', ['robot_id', 'day'])
    .execute();

  await db.schema
    .createTable('robot_track_months')
    .addColumn('robot_id', 'text', robotId)
    // YYYY-MM in UTC, and the product of (1 + return) of the periods that ended in it.
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('factor', t.decimal, (c) => c.notNull())
    .addPrimaryKeyConstraint('robot_track_months_pk', ['robot_id', 'month'])
    .execute();

  await db.schema
    .createTable('robot_track_cash_flows')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('robot_id', 'text', robotId)
    // What makes a resend harmless: the platform's id, or else type, time and amount.
    .addColumn('flow_key', 'text', (c) => c.notNull())
    .addColumn('external_id', 'text')
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in (${list(['deposit', 'withdrawal'])})`))
    .addColumn('amount', t.decimal, (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('occurred_at', t.timestamp, (c) => c.notNull())
    .addColumn('received_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addUniqueConstraint('robot_track_cash_flows_key_unique', ['robot_id', 'flow_key'])
    .execute();
  await db.schema
    .createIndex('robot_track_cash_flows_time_idx')
    .on('robot_track_cash_flows')
    .columns(['robot_id', 'occurred_at'])
    .execute();

  await db.schema
    .createTable('robot_track_trades')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('robot_id', 'text', robotId)
    .addColumn('ticket', 'text', (c) => c.notNull())
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('side', 'text', (c) => c.notNull().check(sql`side in (${list(['buy', 'sell'])})`))
    .addColumn('lots', t.decimal, (c) => c.notNull())
    .addColumn('opened_at', t.timestamp, (c) => c.notNull())
    .addColumn('closed_at', t.timestamp, (c) => c.notNull())
    .addColumn('profit', t.decimal, (c) => c.notNull())
    .addColumn('received_at', t.timestamp, (c) => c.notNull().defaultTo(t.now))
    .addUniqueConstraint('robot_track_trades_ticket_unique', ['robot_id', 'ticket'])
    .execute();
  await db.schema
    .createIndex('robot_track_trades_closed_idx')
    .on('robot_track_trades')
    .columns(['robot_id', 'closed_at'])
    .execute();

  await db.schema
    .createTable('robot_track_pushes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('robot_id', 'text', robotId)
    .addColumn('received_at', t.timestamp, (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in (${list(['hook', 'workflow'])})`))
    .addColumn('readings', t.integer, zero)
    .addColumn('cash_flows', t.integer, zero)
    .addColumn('trades', t.integer, zero)
    .execute();
  await db.schema
    .createIndex('robot_track_pushes_robot_idx')
    .on('robot_track_pushes')
    .columns(['robot_id', 'received_at'])
    .execute();

  // The balances recorded so far become readings (equity: balance plus the floating P&L, as the
  // stats record gives it); the stats module computes their figures at its next start.
  await db
    .insertInto('robot_track_readings')
    .columns(['robot_id', 'recorded_at', 'balance', 'equity', 'received_at'])
    .expression(
      db
        .selectFrom('robot_stats_history')
        .select([
          'robot_id',
          'recorded_at',
          'balance',
          sql`balance + coalesce(floating, 0)`.as('equity'),
          'recorded_at as received_at',
        ])
        .where('balance', 'is not', null)
        .where('balance', '<>', 0),
    )
    .onConflict((conflict) => conflict.columns(['robot_id', 'recorded_at']).doNothing())
    .execute();
}
