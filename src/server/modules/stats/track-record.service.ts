import { parseStatNumber, type StatsRecordInput, type TradeInput } from '../../../shared/schemas/stats.js';
import {
  ADMIN_CASH_FLOWS_MAX,
  ADMIN_PUSHES_SHOWN,
  ADMIN_TRADES_PAGE_SIZE,
  type AdminTrackRecord,
  type TrackRecord,
} from '../../../shared/schemas/track-record.js';
import { NotFoundError } from '../../errors.js';
import {
  addTrade,
  dayOf,
  foldReadings,
  monthOf,
  monthReturns,
  stepSeries,
  trackRecordFigures,
  yearReturns,
  type Reading,
  type SeriesState,
  type StoredFigures,
  type TradeTotals,
} from './track-record-figures.js';
import type { CashFlowRow, TrackRecordRepository, TrackRecordRow, TradeRow } from './track-record.repository.js';

export type PushSource = 'hook' | 'workflow';

/** What one push brought for one robot. */
interface RobotData {
  readings: Reading[];
  cashFlows: NonNullable<StatsRecordInput['cash_flows']>;
  trades: TradeInput[];
}

/**
 * The balance and equity reading a stats record carries, or null. SPEC §5 reads a zero figure as
 * "not reported": a record without a non-zero balance has no reading. Equity defaults to the
 * balance plus the record's `profit`, which SPEC calls the floating P&L.
 */
export function readingOf(record: StatsRecordInput, now: string): Reading | null {
  const balance = parseStatNumber(record.balance);
  if (balance === null || balance === 0) return null;
  const equity = parseStatNumber(record.equity);
  return {
    recorded_at: record.time ?? now,
    balance,
    equity: equity !== null && equity !== 0 ? equity : balance + (parseStatNumber(record.profit) ?? 0),
  };
}

const series = (row: TrackRecordRow, name: 'balance' | 'equity'): SeriesState => ({
  last: row[`${name}_last`],
  index: row[`${name}_index`],
  peakIndex: row[`${name}_peak_index`],
  maxDrawdown: row[`${name}_max_drawdown`],
  profit: row[`${name}_profit`],
  peakProfit: row[`${name}_peak_profit`],
  maxDrawdownAmount: row[`${name}_max_drawdown_amount`],
});

const seriesColumns = (name: 'balance' | 'equity', state: SeriesState) => ({
  [`${name}_last`]: state.last,
  [`${name}_index`]: state.index,
  [`${name}_peak_index`]: state.peakIndex,
  [`${name}_max_drawdown`]: state.maxDrawdown,
  [`${name}_profit`]: state.profit,
  [`${name}_peak_profit`]: state.peakProfit,
  [`${name}_max_drawdown_amount`]: state.maxDrawdownAmount,
});

function storedFigures(row: TrackRecordRow | undefined): StoredFigures | null {
  if (!row) return null;
  return { ...row, balance: series(row, 'balance'), equity: series(row, 'equity') };
}

const tradeTotals = (row: TrackRecordRow): TradeTotals => ({
  trades: row.trades,
  winning_trades: row.winning_trades,
  losing_trades: row.losing_trades,
  gross_profit: row.gross_profit,
  gross_loss: row.gross_loss,
});

/** A resend of the same flow finds it again: by the platform's id, or else by type, time and amount. */
const flowKey = (flow: RobotData['cashFlows'][number]) =>
  flow.id !== undefined ? `id:${flow.id}` : `at:${flow.type}:${flow.time}:${flow.amount}`;

const sameTrade = (stored: TradeRow, trade: TradeInput) =>
  stored.symbol === trade.symbol &&
  stored.side === trade.side &&
  stored.lots === trade.lots &&
  Date.parse(stored.opened_at) === Date.parse(trade.opened_at) &&
  Date.parse(stored.closed_at) === Date.parse(trade.closed_at) &&
  stored.profit === trade.profit;

/**
 * A robot's track record (issue 20, decision 0019): takes what the workflow reports, keeps the
 * running figures up to date as it arrives (a reading in time order is one step; a reading or
 * cash flow that lands before the last reading, or a correction, recomputes that robot's series
 * once), and answers the figures for the robot page, the catalogue and the owner.
 */
export class TrackRecordService {
  constructor(
    private readonly track: TrackRecordRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Stores the track-record parts of pushed records, in the caller's transaction when `track` is
   * a repository of one. Records are matched to robots by name, like SPEC's stats records; a
   * record whose name no robot has keeps its figures (stats records) but not its track data.
   * Answers the names that no robot took and whether any figure changed.
   */
  async receive(
    track: TrackRecordRepository,
    records: readonly StatsRecordInput[],
    source: PushSource,
    now: string,
  ): Promise<{ unknownRobots: string[]; changed: boolean }> {
    const byName = new Map<string, RobotData>();
    // Names whose records use the track-record fields: a workflow that sends them wants to know
    // when no robot took them. A record of SPEC's figures alone is answered as before.
    const explicit = new Set<string>();
    for (const record of records) {
      const reading = readingOf(record, now);
      if (!reading && !record.cash_flows?.length && !record.trades?.length) continue;
      const data = byName.get(record.robot_name) ?? { readings: [], cashFlows: [], trades: [] };
      if (reading) data.readings.push(reading);
      data.cashFlows.push(...(record.cash_flows ?? []));
      data.trades.push(...(record.trades ?? []));
      byName.set(record.robot_name, data);
      if (record.time !== undefined || record.equity != null || record.cash_flows?.length || record.trades?.length)
        explicit.add(record.robot_name);
    }
    if (byName.size === 0) return { unknownRobots: [], changed: false };
    const robots = await track.robotIdsNamed([...byName.keys()]);
    const unknownRobots = [...explicit].filter((name) => !robots.some((robot) => robot.name === name));
    let changed = false;
    // Robots in id order, so two pushes lock them in the same order.
    for (const robot of robots) {
      if (await this.receiveForRobot(track, robot.id, byName.get(robot.name)!, source, now)) changed = true;
    }
    return { unknownRobots, changed };
  }

  private async receiveForRobot(
    track: TrackRecordRepository,
    robotId: string,
    data: RobotData,
    source: PushSource,
    now: string,
  ): Promise<boolean> {
    const row = await track.lock(robotId, now);
    let balance = series(row, 'balance');
    let equity = series(row, 'equity');
    let lastReadingAt = row.last_reading_at;
    let readings = row.readings;
    let totals = tradeTotals(row);
    let deposits = row.deposits;
    let withdrawals = row.withdrawals;
    let recomputeSeries = false;
    let recomputeTrades = false;
    let changed = false;

    for (const flow of data.cashFlows) {
      const inserted = await track.insertCashFlow({
        robot_id: robotId,
        flow_key: flowKey(flow),
        external_id: flow.id ?? null,
        type: flow.type,
        amount: flow.amount,
        occurred_at: flow.time,
        received_at: now,
      });
      if (!inserted) continue;
      changed = true;
      if (flow.type === 'deposit') deposits += flow.amount;
      else withdrawals += flow.amount;
      // A flow inside the periods already computed changes their returns.
      if (lastReadingAt !== null && flow.time <= lastReadingAt) recomputeSeries = true;
    }

    for (const trade of data.trades) {
      const { ticket, ...fields } = trade;
      const stored = await track.findTrade(robotId, ticket);
      if (!stored) {
        await track.insertTrade(robotId, { ticket, ...fields, received_at: now });
        totals = addTrade(totals, trade.profit);
        changed = true;
      } else if (!sameTrade(stored, trade)) {
        await track.updateTrade(stored.id, { ticket, ...fields, received_at: now });
        recomputeTrades = true;
        changed = true;
      }
    }

    const sorted = [...data.readings].sort((a, b) => a.recorded_at.localeCompare(b.recorded_at));
    for (const reading of sorted) {
      const stored = await track.findReadingAt(robotId, reading.recorded_at);
      if (stored) {
        if (stored.balance === reading.balance && stored.equity === reading.equity) continue;
        await track.updateReading(robotId, reading, now);
        recomputeSeries = changed = true;
        continue;
      }
      if (recomputeSeries || (lastReadingAt !== null && reading.recorded_at <= lastReadingAt)) {
        await track.insertReading(robotId, reading, now);
        recomputeSeries = changed = true;
        continue;
      }
      const flows = lastReadingAt === null ? 0 : await track.netCashFlow(robotId, lastReadingAt, reading.recorded_at);
      // The same reading again with no money moved since changes no figure: a workflow that
      // pushes every minute does not fill the table with copies.
      if (balance.last === reading.balance && equity.last === reading.equity && flows === 0) continue;
      const balanceStep = stepSeries(balance, reading.balance, flows);
      balance = balanceStep.state;
      equity = stepSeries(equity, reading.equity, flows).state;
      await track.insertReading(robotId, reading, now);
      await track.saveDay(robotId, {
        day: dayOf(reading.recorded_at),
        recorded_at: reading.recorded_at,
        balance: reading.balance,
        equity: reading.equity,
        growth_index: balance.index,
      });
      if (balanceStep.periodReturn !== null)
        await track.multiplyMonth(robotId, monthOf(reading.recorded_at), 1 + balanceStep.periodReturn);
      lastReadingAt = reading.recorded_at;
      readings += 1;
      changed = true;
    }

    if (changed) {
      if (recomputeSeries) ({ balance, equity, lastReadingAt, readings } = await this.recomputeSeries(track, robotId));
      if (recomputeTrades) totals = await track.tradeTotals(robotId);
      await this.saveFigures(track, robotId, {
        ...seriesColumns('balance', balance),
        ...seriesColumns('equity', equity),
        ...totals,
        readings,
        last_reading_at: lastReadingAt,
        deposits,
        withdrawals,
        last_received_at: now,
      });
    }
    await track.addPush({
      robot_id: robotId,
      received_at: now,
      source,
      readings: data.readings.length,
      cash_flows: data.cashFlows.length,
      trades: data.trades.length,
    });
    return changed;
  }

  /** Every reading again with every cash flow: the series, days and months as if they had arrived in order. */
  private async recomputeSeries(track: TrackRecordRepository, robotId: string) {
    const readings = await track.listReadings(robotId);
    const fold = foldReadings(readings, await track.listCashFlows(robotId));
    await track.replaceDaysAndMonths(robotId, [...fold.days.values()], fold.months);
    return { balance: fold.balance, equity: fold.equity, lastReadingAt: fold.lastReadingAt, readings: readings.length };
  }

  /** Saves the running figures with the record's bounds, and the catalogue's copy on the robot. */
  private async saveFigures(
    track: TrackRecordRepository,
    robotId: string,
    figures: Parameters<TrackRecordRepository['save']>[1],
  ): Promise<void> {
    const bounds = await track.dataBounds(robotId);
    await track.save(robotId, { ...figures, ...bounds, updated_at: new Date().toISOString() });
    const row = (await track.find(robotId))!;
    const computed = trackRecordFigures(storedFigures(row), [], this.now());
    await track.saveRobotSummary(robotId, {
      track_growth: computed.growth,
      track_max_drawdown: computed.equity_drawdown,
      track_started_at: row.started_at,
    });
  }

  /** Computes everything of one robot again from its readings, cash flows and trades (locked). */
  private async recomputeAll(track: TrackRecordRepository, robotId: string): Promise<void> {
    const now = new Date().toISOString();
    await track.lock(robotId, now);
    const { balance, equity, lastReadingAt, readings } = await this.recomputeSeries(track, robotId);
    const flows = await track.listCashFlows(robotId);
    const total = (type: 'deposit' | 'withdrawal') =>
      flows.filter((flow) => flow.type === type).reduce((sum, flow) => sum + flow.amount, 0);
    await this.saveFigures(track, robotId, {
      ...seriesColumns('balance', balance),
      ...seriesColumns('equity', equity),
      ...(await track.tradeTotals(robotId)),
      readings,
      last_reading_at: lastReadingAt,
      deposits: total('deposit'),
      withdrawals: total('withdrawal'),
    });
  }

  /**
   * Robots whose data has no computed figures yet (balances recorded before migration 0018, the
   * demo catalogue) get them: once, at start.
   */
  async computeMissing(): Promise<number> {
    const robotIds = await this.track.robotsWithoutFigures();
    for (const robotId of robotIds) await this.track.transaction((track) => this.recomputeAll(track, robotId));
    return robotIds.length;
  }

  /** The robot's name, or a 404 for an unknown robot (the owner's routes). */
  async robotName(robotId: string): Promise<string> {
    const robot = await this.track.findRobot(robotId);
    if (!robot) throw new NotFoundError('No such robot.');
    return robot.name;
  }

  /** The robot page's track record. The caller has checked that the robot may be shown. */
  async publicTrackRecord(robotId: string): Promise<TrackRecord> {
    const [row, months, days, flows] = await Promise.all([
      this.track.find(robotId),
      this.track.listMonths(robotId),
      this.track.listDays(robotId),
      this.track.listCashFlows(robotId),
    ]);
    return {
      figures: trackRecordFigures(storedFigures(row), months, this.now()),
      months: monthReturns(months),
      years: yearReturns(months),
      curve: days.map((day) => ({
        time: day.recorded_at,
        balance: day.balance,
        equity: day.equity,
        growth: (day.growth_index - 1) * 100,
      })),
      cash_flows: flows.map((flow) => ({ time: flow.occurred_at, type: flow.type, amount: flow.amount })),
    };
  }

  /** The owner's tab: figures, the last pushes, the cash flows and a page of trades. */
  async adminTrackRecord(robotId: string, page: number): Promise<AdminTrackRecord> {
    await this.robotName(robotId);
    const [row, months, pushes, flows, flowsTotal, trades] = await Promise.all([
      this.track.find(robotId),
      this.track.listMonths(robotId),
      this.track.listPushes(robotId, ADMIN_PUSHES_SHOWN),
      this.track.listCashFlowRows(robotId, ADMIN_CASH_FLOWS_MAX),
      this.track.countCashFlows(robotId),
      this.track.tradesPage(robotId, page, ADMIN_TRADES_PAGE_SIZE),
    ]);
    return {
      figures: trackRecordFigures(storedFigures(row), months, this.now()),
      pushes: pushes.map(({ received_at, source, readings, cash_flows, trades: count }) => ({
        received_at,
        source,
        readings,
        cash_flows,
        trades: count,
      })),
      cash_flows: flows.map((flow) => ({
        id: flow.id,
        type: flow.type,
        amount: flow.amount,
        time: flow.occurred_at,
        external_id: flow.external_id,
        received_at: flow.received_at,
      })),
      cash_flows_total: flowsTotal,
      trades: trades.rows,
      trades_total: trades.total,
      page,
      page_size: ADMIN_TRADES_PAGE_SIZE,
    };
  }

  /** The owner removes a wrong cash flow: the robot's figures are computed again. */
  async deleteCashFlow(robotId: string, flowId: string): Promise<CashFlowRow> {
    await this.robotName(robotId);
    return this.track.transaction(async (track) => {
      await track.lock(robotId, new Date().toISOString());
      const deleted = await track.deleteCashFlow(robotId, flowId);
      if (!deleted) throw new NotFoundError('No such cash flow.');
      await this.recomputeAll(track, robotId);
      return deleted;
    });
  }

  /** The owner removes a wrong trade: the robot's figures are computed again. */
  async deleteTrade(robotId: string, tradeId: string): Promise<TradeRow> {
    await this.robotName(robotId);
    return this.track.transaction(async (track) => {
      await track.lock(robotId, new Date().toISOString());
      const deleted = await track.deleteTrade(robotId, tradeId);
      if (!deleted) throw new NotFoundError('No such trade.');
      await this.recomputeAll(track, robotId);
      return deleted;
    });
  }
}
