import { describe, expect, it } from 'vitest';
import {
  handCashFlows,
  handCurveGrowth,
  handFigures,
  handMonths,
  handReadings,
  handTrades,
  handYears,
} from '../../../../tests/support/track-record-series.js';
import {
  addTrade,
  emptySeries,
  foldReadings,
  monthReturns,
  stepSeries,
  trackRecordFigures,
  yearReturns,
  type TradeTotals,
} from './track-record-figures.js';

const readings = handReadings.map(({ time, balance, equity }) => ({ recorded_at: time, balance, equity }));
const flows = handCashFlows.map(({ time, type, amount }) => ({ occurred_at: time, type, amount }));
const noTrades: TradeTotals = { trades: 0, winning_trades: 0, losing_trades: 0, gross_profit: 0, gross_loss: 0 };

/** The hand-computed series (tests/support/track-record-series.ts has the arithmetic), without a database. */
describe('track-record formulas on the hand-computed series', () => {
  const fold = foldReadings(readings, flows);
  const months = [...fold.months].map(([month, factor]) => ({ month, factor }));
  const totals = handTrades.reduce((sum, trade) => addTrade(sum, trade.profit), noTrades);
  const figures = trackRecordFigures(
    {
      ...totals,
      readings: readings.length,
      started_at: handFigures.started_at,
      last_data_at: handFigures.last_data_at,
      balance: fold.balance,
      equity: fold.equity,
      deposits: 900,
      withdrawals: 450,
    },
    months,
    new Date('2026-03-02T00:00:00Z'),
  );

  it('computes every figure as by hand', () => {
    for (const [name, value] of Object.entries(handFigures)) {
      const actual = figures[name as keyof typeof figures];
      if (typeof value === 'number') expect(actual, name).toBeCloseTo(value, 9);
      else if (typeof value === 'object') {
        expect((actual as typeof value).month, name).toBe(value.month);
        expect((actual as typeof value).return, name).toBeCloseTo(value.return, 9);
      } else expect(actual, name).toBe(value);
    }
    // 2026-01-05 to 2026-03-02 is 56 days: 8 weeks.
    expect(figures.age_weeks).toBe(8);
  });

  it('gives the monthly and yearly returns and the curve', () => {
    const monthly = monthReturns(months);
    expect(monthly.map((month) => month.month)).toEqual(handMonths.map((month) => month.month));
    monthly.forEach((month, index) => expect(month.return).toBeCloseTo(handMonths[index]!.return, 9));
    const yearly = yearReturns(months);
    expect(yearly).toHaveLength(1);
    expect(yearly[0]!.year).toBe(2026);
    expect(yearly[0]!.return).toBeCloseTo(handYears[0]!.return, 9);
    const curve = [...fold.days.values()];
    expect(curve.map((day) => day.day)).toEqual(readings.map((reading) => reading.recorded_at.slice(0, 10)));
    curve.forEach((day, index) => expect((day.growth_index - 1) * 100).toBeCloseTo(handCurveGrowth[index]!, 9));
  });

  it('reaches the same state one reading at a time as all at once', () => {
    let balance = emptySeries();
    let equity = emptySeries();
    let previous: string | null = null;
    for (const reading of readings) {
      // Net cash flow after the previous reading, up to this one.
      const net = flows
        .filter((flow) => previous !== null && flow.occurred_at > previous && flow.occurred_at <= reading.recorded_at)
        .reduce((sum, flow) => sum + (flow.type === 'deposit' ? flow.amount : -flow.amount), 0);
      balance = stepSeries(balance, reading.balance, net).state;
      equity = stepSeries(equity, reading.equity, net).state;
      previous = reading.recorded_at;
    }
    expect(balance).toEqual(fold.balance);
    expect(equity).toEqual(fold.equity);
  });
});

describe('track-record formulas at the edges', () => {
  it('gives no growth or drawdown for fewer than two readings, and no trade figures without trades', () => {
    const one = foldReadings([{ recorded_at: '2026-01-05T00:00:00.000Z', balance: 500, equity: 500 }], []);
    const figures = trackRecordFigures(
      {
        ...noTrades,
        readings: 1,
        started_at: null,
        last_data_at: null,
        balance: one.balance,
        equity: one.equity,
        deposits: 0,
        withdrawals: 0,
      },
      [],
      new Date(),
    );
    expect(figures).toMatchObject({
      growth: null,
      balance_drawdown: null,
      equity_drawdown_amount: null,
      best_month: null,
      worst_month: null,
      win_rate: null,
      profit_factor: null,
      average_win: null,
      average_loss: null,
      expectancy: null,
      age_weeks: null,
    });
    expect(trackRecordFigures(null, [], new Date()).readings).toBe(0);
  });

  it('ignores cash flows up to the first reading: they are the starting balance', () => {
    // Deposit at 09:00, first reading at 10:00 (1000), second reading 1100: +10 %, not -45 %.
    const fold = foldReadings(
      [
        { recorded_at: '2026-01-05T10:00:00.000Z', balance: 1000, equity: 1000 },
        { recorded_at: '2026-01-06T10:00:00.000Z', balance: 1100, equity: 1100 },
      ],
      [{ occurred_at: '2026-01-05T09:00:00.000Z', type: 'deposit', amount: 1000 }],
    );
    expect(fold.balance.index).toBeCloseTo(1.1, 12);
  });

  it('counts a cash flow made at a reading time in the period that reading ends', () => {
    // 1000, then a 500 deposit at the very time of the reading of 1650: 1650 / (1000 + 500) = +10 %.
    const fold = foldReadings(
      [
        { recorded_at: '2026-01-05T00:00:00.000Z', balance: 1000, equity: 1000 },
        { recorded_at: '2026-01-06T00:00:00.000Z', balance: 1650, equity: 1650 },
      ],
      [{ occurred_at: '2026-01-06T00:00:00.000Z', type: 'deposit', amount: 500 }],
    );
    expect(fold.balance.index).toBeCloseTo(1.1, 12);
    expect(fold.balance.profit).toBeCloseTo(150, 12);
  });

  it('gives a period without capital no return, and never loses more than everything', () => {
    // Everything withdrawn: (100 - 100) = 0 at risk, so 50 / 0 has no meaning: 0 %.
    let state = stepSeries(emptySeries(), 100, 0).state;
    const empty = stepSeries(state, 50, -100);
    expect(empty.periodReturn).toBe(0);
    // An equity reading below zero (a margin call) is -100 %, not less.
    state = stepSeries(emptySeries(), 100, 0).state;
    const blown = stepSeries(state, -20, 0);
    expect(blown.periodReturn).toBe(-1);
    expect(blown.state.index).toBe(0);
    expect(blown.state.maxDrawdown).toBe(1);
    // Amount: 100 down to -20 is 120 lost.
    expect(blown.state.maxDrawdownAmount).toBe(120);
  });

  it('adds and takes away a trade symmetrically', () => {
    const withTrade = addTrade(noTrades, -25);
    expect(withTrade).toEqual({ trades: 1, winning_trades: 0, losing_trades: 1, gross_profit: 0, gross_loss: 25 });
    expect(addTrade(withTrade, -25, -1)).toEqual(noTrades);
  });

  it('counts whole weeks from the start, never fewer than zero', () => {
    const base = {
      ...noTrades,
      readings: 0,
      last_data_at: null,
      balance: emptySeries(),
      equity: emptySeries(),
      deposits: 0,
      withdrawals: 0,
    };
    // 13 days: 1 week.
    expect(
      trackRecordFigures({ ...base, started_at: '2026-01-01T00:00:00.000Z' }, [], new Date('2026-01-14T00:00:00Z'))
        .age_weeks,
    ).toBe(1);
    // A start a little ahead of the shop's clock.
    expect(
      trackRecordFigures({ ...base, started_at: '2026-01-14T00:01:00.000Z' }, [], new Date('2026-01-14T00:00:00Z'))
        .age_weeks,
    ).toBe(0);
  });
});
