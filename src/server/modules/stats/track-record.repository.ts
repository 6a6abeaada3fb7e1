import { randomUUID } from 'node:crypto';
import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type {
  Database,
  RobotTrackCashFlowsTable,
  RobotTrackPushesTable,
  RobotTrackRecordsTable,
  RobotTrackTradesTable,
} from '../../db/schema.js';
import type { CashFlow, DayPoint, Reading } from './track-record-figures.js';

export type TrackRecordRow = Selectable<RobotTrackRecordsTable>;
export type TrackRecordUpdate = Omit<Updateable<RobotTrackRecordsTable>, 'robot_id'>;
export type CashFlowRow = Selectable<RobotTrackCashFlowsTable>;
export type TradeRow = Selectable<RobotTrackTradesTable>;
export type NewTrade = Omit<Insertable<RobotTrackTradesTable>, 'id' | 'robot_id'>;

/** Pushes kept per robot for the owner's tab; older ones are dropped as new ones arrive. */
const PUSHES_KEPT = 50;
/** Rows per insert when a recomputation rewrites a robot's days and months. */
const INSERT_CHUNK = 500;

/** The only SQL of the track records (migration 0018, decision 0019). */
export class TrackRecordRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Runs `work` in one transaction; on a repository of a transaction, in that one. */
  async transaction<T>(work: (track: TrackRecordRepository) => Promise<T>): Promise<T> {
    if (this.db.isTransaction) return work(this);
    return this.db.transaction().execute((trx) => work(new TrackRecordRepository(trx)));
  }

  async findRobot(robotId: string): Promise<{ id: string; name: string } | undefined> {
    return this.db.selectFrom('robots').select(['id', 'name']).where('id', '=', robotId).executeTakeFirst();
  }

  async robotIdsNamed(names: readonly string[]): Promise<Array<{ id: string; name: string }>> {
    if (names.length === 0) return [];
    return this.db.selectFrom('robots').select(['id', 'name']).where('name', 'in', names).orderBy('id').execute();
  }

  /**
   * The robot's running figures, created if missing, and locked until the transaction ends: an
   * UPDATE holds the row on PostgreSQL (SQLite has one writer), so two pushes for one robot take
   * turns instead of each stepping from the same state.
   */
  async lock(robotId: string, now: string): Promise<TrackRecordRow> {
    await this.db
      .insertInto('robot_track_records')
      .values({ robot_id: robotId, updated_at: now })
      .onConflict((conflict) => conflict.column('robot_id').doNothing())
      .execute();
    return this.db
      .updateTable('robot_track_records')
      .set({ updated_at: now })
      .where('robot_id', '=', robotId)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async find(robotId: string): Promise<TrackRecordRow | undefined> {
    return this.db.selectFrom('robot_track_records').selectAll().where('robot_id', '=', robotId).executeTakeFirst();
  }

  async save(robotId: string, figures: TrackRecordUpdate): Promise<void> {
    await this.db.updateTable('robot_track_records').set(figures).where('robot_id', '=', robotId).execute();
  }

  /** What the catalogue shows and sorts by (robots' track_* columns). */
  async saveRobotSummary(
    robotId: string,
    summary: { track_growth: number | null; track_max_drawdown: number | null; track_started_at: string | null },
  ): Promise<void> {
    await this.db.updateTable('robots').set(summary).where('id', '=', robotId).execute();
  }

  // ---- Cash flows

  /** Inserts the flow unless one with its key exists; true when it was new. */
  async insertCashFlow(row: Omit<Insertable<RobotTrackCashFlowsTable>, 'id'>): Promise<boolean> {
    const inserted = await this.db
      .insertInto('robot_track_cash_flows')
      .values({ id: randomUUID(), ...row })
      .onConflict((conflict) => conflict.columns(['robot_id', 'flow_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  /** Deposits less withdrawals after `after` (exclusive) up to `upTo` (inclusive). */
  async netCashFlow(robotId: string, after: string, upTo: string): Promise<number> {
    const row = await this.db
      .selectFrom('robot_track_cash_flows')
      .select(sql<number | null>`sum(case when type = 'deposit' then amount else -amount end)`.as('net'))
      .where('robot_id', '=', robotId)
      .where('occurred_at', '>', after)
      .where('occurred_at', '<=', upTo)
      .executeTakeFirst();
    return Number(row?.net ?? 0);
  }

  async listCashFlows(robotId: string): Promise<CashFlow[]> {
    return this.db
      .selectFrom('robot_track_cash_flows')
      .select(['occurred_at', 'type', 'amount'])
      .where('robot_id', '=', robotId)
      .orderBy('occurred_at')
      .orderBy('id')
      .execute();
  }

  async listCashFlowRows(robotId: string, limit: number): Promise<CashFlowRow[]> {
    return this.db
      .selectFrom('robot_track_cash_flows')
      .selectAll()
      .where('robot_id', '=', robotId)
      .orderBy('occurred_at', 'desc')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  async deleteCashFlow(robotId: string, id: string): Promise<CashFlowRow | undefined> {
    return this.db
      .deleteFrom('robot_track_cash_flows')
      .where('robot_id', '=', robotId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  // ---- Trades

  async findTrade(robotId: string, ticket: string): Promise<TradeRow | undefined> {
    return this.db
      .selectFrom('robot_track_trades')
      .selectAll()
      .where('robot_id', '=', robotId)
      .where('ticket', '=', ticket)
      .executeTakeFirst();
  }

  async insertTrade(robotId: string, trade: NewTrade): Promise<void> {
    await this.db
      .insertInto('robot_track_trades')
      .values({ id: randomUUID(), robot_id: robotId, ...trade })
      .execute();
  }

  async updateTrade(id: string, trade: NewTrade): Promise<void> {
    await this.db.updateTable('robot_track_trades').set(trade).where('id', '=', id).execute();
  }

  async deleteTrade(robotId: string, id: string): Promise<TradeRow | undefined> {
    return this.db
      .deleteFrom('robot_track_trades')
      .where('robot_id', '=', robotId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  /** The trade figures summed again (after a correction). */
  async tradeTotals(robotId: string) {
    const row = await this.db
      .selectFrom('robot_track_trades')
      .select((eb) => [
        eb.fn.countAll<number>().as('trades'),
        sql<number>`coalesce(sum(case when profit > 0 then 1 else 0 end), 0)`.as('winning_trades'),
        sql<number>`coalesce(sum(case when profit < 0 then 1 else 0 end), 0)`.as('losing_trades'),
        sql<number>`coalesce(sum(case when profit > 0 then profit else 0 end), 0)`.as('gross_profit'),
        sql<number>`coalesce(sum(case when profit < 0 then -profit else 0 end), 0)`.as('gross_loss'),
      ])
      .where('robot_id', '=', robotId)
      .executeTakeFirstOrThrow();
    return {
      trades: Number(row.trades),
      winning_trades: Number(row.winning_trades),
      losing_trades: Number(row.losing_trades),
      gross_profit: Number(row.gross_profit),
      gross_loss: Number(row.gross_loss),
    };
  }

  async tradesPage(robotId: string, page: number, pageSize: number): Promise<{ rows: TradeRow[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.db
        .selectFrom('robot_track_trades')
        .selectAll()
        .where('robot_id', '=', robotId)
        .orderBy('closed_at', 'desc')
        .orderBy('id')
        .limit(pageSize)
        .offset(page * pageSize)
        .execute(),
      this.db
        .selectFrom('robot_track_trades')
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .where('robot_id', '=', robotId)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  // ---- Readings, days and months

  async findReadingAt(robotId: string, recordedAt: string): Promise<Reading | undefined> {
    return this.db
      .selectFrom('robot_track_readings')
      .select(['recorded_at', 'balance', 'equity'])
      .where('robot_id', '=', robotId)
      .where('recorded_at', '=', recordedAt)
      .executeTakeFirst();
  }

  async insertReading(robotId: string, reading: Reading, now: string): Promise<void> {
    await this.db
      .insertInto('robot_track_readings')
      .values({ robot_id: robotId, ...reading, received_at: now })
      .execute();
  }

  async updateReading(robotId: string, reading: Reading, now: string): Promise<void> {
    await this.db
      .updateTable('robot_track_readings')
      .set({ balance: reading.balance, equity: reading.equity, received_at: now })
      .where('robot_id', '=', robotId)
      .where('recorded_at', '=', reading.recorded_at)
      .execute();
  }

  async listReadings(robotId: string): Promise<Reading[]> {
    return this.db
      .selectFrom('robot_track_readings')
      .select(['recorded_at', 'balance', 'equity'])
      .where('robot_id', '=', robotId)
      .orderBy('recorded_at')
      .execute();
  }

  /** The day's last reading so far (readings arriving in order are always the day's last). */
  async saveDay(robotId: string, day: DayPoint): Promise<void> {
    const { day: key, ...values } = day;
    await this.db
      .insertInto('robot_track_days')
      .values({ robot_id: robotId, day: key, ...values })
      .onConflict((conflict) => conflict.columns(['robot_id', 'day']).doUpdateSet(values))
      .execute();
  }

  /** Multiplies the month's factor by `factor` (1 + a period's return). */
  async multiplyMonth(robotId: string, month: string, factor: number): Promise<void> {
    await this.db
      .insertInto('robot_track_months')
      .values({ robot_id: robotId, month, factor })
      .onConflict((conflict) =>
        conflict
          .columns(['robot_id', 'month'])
          .doUpdateSet({ factor: sql<number>`robot_track_months.factor * excluded.factor` }),
      )
      .execute();
  }

  /** A recomputation's days and months replace the robot's. */
  async replaceDaysAndMonths(robotId: string, days: DayPoint[], months: Map<string, number>): Promise<void> {
    await this.db.deleteFrom('robot_track_days').where('robot_id', '=', robotId).execute();
    await this.db.deleteFrom('robot_track_months').where('robot_id', '=', robotId).execute();
    for (let start = 0; start < days.length; start += INSERT_CHUNK) {
      await this.db
        .insertInto('robot_track_days')
        .values(days.slice(start, start + INSERT_CHUNK).map((day) => ({ robot_id: robotId, ...day })))
        .execute();
    }
    const monthRows = [...months].map(([month, factor]) => ({ robot_id: robotId, month, factor }));
    for (let start = 0; start < monthRows.length; start += INSERT_CHUNK) {
      await this.db
        .insertInto('robot_track_months')
        .values(monthRows.slice(start, start + INSERT_CHUNK))
        .execute();
    }
  }

  async listMonths(robotId: string): Promise<Array<{ month: string; factor: number }>> {
    return this.db
      .selectFrom('robot_track_months')
      .select(['month', 'factor'])
      .where('robot_id', '=', robotId)
      .orderBy('month')
      .execute();
  }

  async listDays(robotId: string): Promise<DayPoint[]> {
    return this.db
      .selectFrom('robot_track_days')
      .select(['day', 'recorded_at', 'balance', 'equity', 'growth_index'])
      .where('robot_id', '=', robotId)
      .orderBy('day')
      .execute();
  }

  /**
   * Where the record starts (its first reading or the opening of its first trade) and the time of
   * its latest data (reading, cash flow or closed trade).
   */
  async dataBounds(robotId: string): Promise<{ started_at: string | null; last_data_at: string | null }> {
    const bounds = (
      table: 'robot_track_readings' | 'robot_track_cash_flows' | 'robot_track_trades',
      first: string,
      last: string,
    ) =>
      this.db
        .selectFrom(table)
        .select([
          sql<string | null>`min(${sql.ref(first)})`.as('first'),
          sql<string | null>`max(${sql.ref(last)})`.as('last'),
        ])
        .where('robot_id', '=', robotId)
        .executeTakeFirstOrThrow();
    const [readings, flows, trades] = await Promise.all([
      bounds('robot_track_readings', 'recorded_at', 'recorded_at'),
      bounds('robot_track_cash_flows', 'occurred_at', 'occurred_at'),
      bounds('robot_track_trades', 'opened_at', 'closed_at'),
    ]);
    const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());
    const earliest =
      [readings.first, trades.first]
        .map(iso)
        .filter((value) => value !== null)
        .sort()[0] ?? null;
    const latest =
      [readings.last, flows.last, trades.last]
        .map(iso)
        .filter((value) => value !== null)
        .sort()
        .at(-1) ?? null;
    return { started_at: earliest, last_data_at: latest };
  }

  // ---- Pushes

  async addPush(row: Omit<Insertable<RobotTrackPushesTable>, 'id'>): Promise<void> {
    await this.db
      .insertInto('robot_track_pushes')
      .values({ id: randomUUID(), ...row })
      .execute();
    const kept = this.db
      .selectFrom('robot_track_pushes')
      .select('id')
      .where('robot_id', '=', row.robot_id)
      .orderBy('received_at', 'desc')
      .orderBy('id', 'desc')
      .limit(PUSHES_KEPT);
    await this.db
      .deleteFrom('robot_track_pushes')
      .where('robot_id', '=', row.robot_id)
      .where('id', 'not in', kept)
      .execute();
  }

  async listPushes(robotId: string, limit: number): Promise<Array<Selectable<RobotTrackPushesTable>>> {
    return this.db
      .selectFrom('robot_track_pushes')
      .selectAll()
      .where('robot_id', '=', robotId)
      .orderBy('received_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  async countCashFlows(robotId: string): Promise<number> {
    const row = await this.db
      .selectFrom('robot_track_cash_flows')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('robot_id', '=', robotId)
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  /** Robots with data whose figures were never computed: after migration 0018, or seeded. */
  async robotsWithoutFigures(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('robots')
      .select('id')
      .where((eb) =>
        eb.and([
          eb.not(
            eb.exists(eb.selectFrom('robot_track_records').select('robot_id').whereRef('robot_id', '=', 'robots.id')),
          ),
          eb.or([
            eb.exists(eb.selectFrom('robot_track_readings').select('robot_id').whereRef('robot_id', '=', 'robots.id')),
            eb.exists(eb.selectFrom('robot_track_trades').select('robot_id').whereRef('robot_id', '=', 'robots.id')),
          ]),
        ]),
      )
      .orderBy('id')
      .execute();
    return rows.map((row) => row.id);
  }
}
