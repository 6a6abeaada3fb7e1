import type { MonthReturn, TrackRecordFigures, YearReturn } from '../../../shared/schemas/track-record.js';

/**
 * The formulas of a robot's track record (decision 0019), as pure functions: the repository
 * stores their state, the service feeds them what arrives. The same step serves a reading that
 * arrives in order (one step from the stored state) and a recomputation (every reading again).
 */

const WEEK_MS = 7 * 24 * 3600 * 1000;

/** One series (the balance or the equity) after some readings. */
export interface SeriesState {
  /** The value of the last reading; null before the first. */
  last: number | null;
  /** Product of (1 + r) of every period: 1 at the first reading. */
  index: number;
  peakIndex: number;
  /** Largest fall of the index from its running peak, as a fraction. */
  maxDrawdown: number;
  /** Sum of each period's gain (the change of value less the cash flows): profit since the first reading. */
  profit: number;
  peakProfit: number;
  /** Largest fall of that profit from its running peak, in money. */
  maxDrawdownAmount: number;
}

export const emptySeries = (): SeriesState => ({
  last: null,
  index: 1,
  peakIndex: 1,
  maxDrawdown: 0,
  profit: 0,
  peakProfit: 0,
  maxDrawdownAmount: 0,
});

/**
 * One reading more. `flows` is the net cash flow (deposits less withdrawals) since the previous
 * reading, counted as made right after it: the period's return is value / (previous + flows) - 1.
 * A period that starts with no capital (previous + flows <= 0) has no return (0); a return never
 * goes below -100 %. The first reading only sets the start: its return is null.
 */
export function stepSeries(
  state: SeriesState,
  value: number,
  flows: number,
): { state: SeriesState; periodReturn: number | null } {
  if (state.last === null) return { state: { ...state, last: value }, periodReturn: null };
  const base = state.last + flows;
  const periodReturn = base > 0 ? Math.max(-1, value / base - 1) : 0;
  const index = state.index * (1 + periodReturn);
  const peakIndex = Math.max(state.peakIndex, index);
  const profit = state.profit + (value - state.last - flows);
  const peakProfit = Math.max(state.peakProfit, profit);
  return {
    periodReturn,
    state: {
      last: value,
      index,
      peakIndex,
      maxDrawdown: Math.max(state.maxDrawdown, peakIndex > 0 ? 1 - index / peakIndex : 0),
      profit,
      peakProfit,
      maxDrawdownAmount: Math.max(state.maxDrawdownAmount, peakProfit - profit),
    },
  };
}

export interface Reading {
  recorded_at: string;
  balance: number;
  equity: number;
}

export interface CashFlow {
  occurred_at: string;
  type: 'deposit' | 'withdrawal';
  amount: number;
}

export const signedAmount = (flow: Pick<CashFlow, 'type' | 'amount'>): number =>
  flow.type === 'deposit' ? flow.amount : -flow.amount;

/** The UTC month (`YYYY-MM`) and day (`YYYY-MM-DD`) of an ISO time, which is stored in UTC. */
export const monthOf = (iso: string): string => iso.slice(0, 7);
export const dayOf = (iso: string): string => iso.slice(0, 10);

export interface DayPoint {
  day: string;
  recorded_at: string;
  balance: number;
  equity: number;
  growth_index: number;
}

export interface SeriesFold {
  balance: SeriesState;
  equity: SeriesState;
  /** Month -> product of (1 + r) of the balance periods that ended in it. */
  months: Map<string, number>;
  /** Day -> its last reading. */
  days: Map<string, DayPoint>;
  lastReadingAt: string | null;
}

/**
 * Every reading again, oldest first, with the cash flows (oldest first) between them: what the
 * steps of readings arriving in order would have built. Cash flows up to the first reading are
 * part of the starting balance.
 */
export function foldReadings(readings: readonly Reading[], flows: readonly CashFlow[]): SeriesFold {
  let balance = emptySeries();
  let equity = emptySeries();
  const months = new Map<string, number>();
  const days = new Map<string, DayPoint>();
  let next = 0;
  let previousAt: string | null = null;
  for (const reading of readings) {
    let net = 0;
    while (next < flows.length && flows[next]!.occurred_at <= reading.recorded_at) {
      if (previousAt !== null && flows[next]!.occurred_at > previousAt) net += signedAmount(flows[next]!);
      next += 1;
    }
    const balanceStep = stepSeries(balance, reading.balance, net);
    balance = balanceStep.state;
    equity = stepSeries(equity, reading.equity, net).state;
    if (balanceStep.periodReturn !== null) {
      const month = monthOf(reading.recorded_at);
      months.set(month, (months.get(month) ?? 1) * (1 + balanceStep.periodReturn));
    }
    days.set(dayOf(reading.recorded_at), {
      day: dayOf(reading.recorded_at),
      recorded_at: reading.recorded_at,
      balance: reading.balance,
      equity: reading.equity,
      growth_index: balance.index,
    });
    previousAt = reading.recorded_at;
  }
  return { balance, equity, months, days, lastReadingAt: previousAt };
}

export interface TradeTotals {
  trades: number;
  winning_trades: number;
  losing_trades: number;
  gross_profit: number;
  gross_loss: number;
}

/** Adds a closed trade to the totals (or takes it away, `sign` -1): a trade at 0 is neither won nor lost. */
export function addTrade(totals: TradeTotals, profit: number, sign: 1 | -1 = 1): TradeTotals {
  return {
    trades: totals.trades + sign,
    winning_trades: totals.winning_trades + (profit > 0 ? sign : 0),
    losing_trades: totals.losing_trades + (profit < 0 ? sign : 0),
    gross_profit: totals.gross_profit + (profit > 0 ? sign * profit : 0),
    gross_loss: totals.gross_loss + (profit < 0 ? sign * -profit : 0),
  };
}

const toPercent = (fraction: number) => fraction * 100;

/** Months oldest first, with their return in percent. */
export function monthReturns(months: ReadonlyArray<{ month: string; factor: number }>): MonthReturn[] {
  return [...months]
    .sort((a, b) => a.month.localeCompare(b.month))
    .map(({ month, factor }) => ({ month, return: toPercent(factor - 1) }));
}

/** Each year's return: the product of its months' (1 + return), less 1. */
export function yearReturns(months: ReadonlyArray<{ month: string; factor: number }>): YearReturn[] {
  const years = new Map<number, number>();
  for (const { month, factor } of months) {
    const year = Number(month.slice(0, 4));
    years.set(year, (years.get(year) ?? 1) * factor);
  }
  return [...years.entries()]
    .sort(([a], [b]) => a - b)
    .map(([year, factor]) => ({ year, return: toPercent(factor - 1) }));
}

/** The stored running figures of a robot, as the figures module reads them. */
export interface StoredFigures extends TradeTotals {
  readings: number;
  started_at: string | null;
  last_data_at: string | null;
  balance: SeriesState;
  equity: SeriesState;
  deposits: number;
  withdrawals: number;
}

/**
 * What a buyer reads, from the stored running figures and the months. Nothing here goes through
 * the readings or the trades: a page view costs a row and a dozen months per year.
 */
export function trackRecordFigures(
  stored: StoredFigures | null,
  months: ReadonlyArray<{ month: string; factor: number }>,
  now: Date,
): TrackRecordFigures {
  const s = stored ?? {
    readings: 0,
    started_at: null,
    last_data_at: null,
    balance: emptySeries(),
    equity: emptySeries(),
    deposits: 0,
    withdrawals: 0,
    trades: 0,
    winning_trades: 0,
    losing_trades: 0,
    gross_profit: 0,
    gross_loss: 0,
  };
  // One reading is a start, not a record: growth and drawdowns need a period.
  const hasPeriod = s.readings >= 2;
  const returns = monthReturns(months);
  const best = returns.reduce<MonthReturn | null>(
    (top, month) => (!top || month.return > top.return ? month : top),
    null,
  );
  const worst = returns.reduce<MonthReturn | null>(
    (bottom, month) => (!bottom || month.return < bottom.return ? month : bottom),
    null,
  );
  return {
    growth: hasPeriod ? toPercent(s.balance.index - 1) : null,
    balance_drawdown: hasPeriod ? toPercent(s.balance.maxDrawdown) : null,
    balance_drawdown_amount: hasPeriod ? s.balance.maxDrawdownAmount : null,
    equity_drawdown: hasPeriod ? toPercent(s.equity.maxDrawdown) : null,
    equity_drawdown_amount: hasPeriod ? s.equity.maxDrawdownAmount : null,
    best_month: best,
    worst_month: worst,
    trades: s.trades,
    winning_trades: s.winning_trades,
    losing_trades: s.losing_trades,
    win_rate: s.trades > 0 ? toPercent(s.winning_trades / s.trades) : null,
    profit_factor: s.gross_loss > 0 ? s.gross_profit / s.gross_loss : null,
    average_win: s.winning_trades > 0 ? s.gross_profit / s.winning_trades : null,
    average_loss: s.losing_trades > 0 ? -s.gross_loss / s.losing_trades : null,
    expectancy: s.trades > 0 ? (s.gross_profit - s.gross_loss) / s.trades : null,
    deposits: s.deposits,
    withdrawals: s.withdrawals,
    readings: s.readings,
    started_at: s.started_at,
    age_weeks: s.started_at ? Math.max(0, Math.floor((now.getTime() - Date.parse(s.started_at)) / WEEK_MS)) : null,
    last_data_at: s.last_data_at,
  };
}
