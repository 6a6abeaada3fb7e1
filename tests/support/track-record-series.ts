/**
 * A small track record computed by hand (decision 0019): six weekly readings over two months, a
 * deposit, a withdrawal and five closed trades. The formula tests push it and compare every
 * figure with the numbers below; the arithmetic is written out so that a reader can check it.
 */

export const handReadings = [
  { time: '2026-01-05T00:00:00.000Z', balance: 1000, equity: 1000 },
  { time: '2026-01-12T00:00:00.000Z', balance: 1100, equity: 1100 },
  { time: '2026-01-19T00:00:00.000Z', balance: 1800, equity: 1600 },
  { time: '2026-01-26T00:00:00.000Z', balance: 2250, equity: 2250 },
  { time: '2026-02-09T00:00:00.000Z', balance: 1890, equity: 1890 },
  { time: '2026-02-16T00:00:00.000Z', balance: 1512, equity: 1417.5 },
] as const;

export const handCashFlows = [
  { id: 'D-1', type: 'deposit', amount: 900, time: '2026-01-14T10:00:00.000Z' },
  { id: 'W-1', type: 'withdrawal', amount: 450, time: '2026-02-03T09:00:00.000Z' },
] as const;

export const handTrades = [
  {
    ticket: 1001,
    symbol: 'EURUSD',
    side: 'buy',
    lots: 0.5,
    opened_at: '2026-01-05T08:00:00.000Z',
    closed_at: '2026-01-06T08:00:00.000Z',
    profit: 120,
  },
  {
    ticket: 1002,
    symbol: 'EURUSD',
    side: 'sell',
    lots: 0.5,
    opened_at: '2026-01-08T08:00:00.000Z',
    closed_at: '2026-01-09T08:00:00.000Z',
    profit: -40,
  },
  {
    ticket: 1003,
    symbol: 'XAUUSD',
    side: 'buy',
    lots: 0.2,
    opened_at: '2026-01-20T08:00:00.000Z',
    closed_at: '2026-01-22T08:00:00.000Z',
    profit: 60,
  },
  {
    ticket: 1004,
    symbol: 'XAUUSD',
    side: 'sell',
    lots: 0.2,
    opened_at: '2026-02-04T08:00:00.000Z',
    closed_at: '2026-02-06T08:00:00.000Z',
    profit: -80,
  },
  {
    ticket: 1005,
    symbol: 'GBPUSD',
    side: 'buy',
    lots: 0.1,
    opened_at: '2026-02-10T08:00:00.000Z',
    closed_at: '2026-02-12T08:00:00.000Z',
    profit: 0,
  },
] as const;

/*
 * Balance, period by period (a cash flow counts as made right after the reading before it):
 *   r1 = 1100 / 1000 - 1                = +10 %
 *   r2 = 1800 / (1100 + 900) - 1        = -10 %    (the 900 deposit is not growth)
 *   r3 = 2250 / 1800 - 1                = +25 %
 *   r4 = 1890 / (2250 - 450) - 1        =  +5 %    (nor is the 450 withdrawal a loss)
 *   r5 = 1512 / 1890 - 1                = -20 %
 * Index: 1.1, 0.99, 1.2375, 1.299375, 1.0395 -> growth 3.95 %.
 * Drawdown: 1 - 0.99 / 1.1 = 10 %, then 1 - 1.0395 / 1.299375 = 20 % -> 20 %.
 * Profit (gain of each period, cash flows left out): 100, -100, 350, 440, 62
 *   -> drawdown amount max(100 - (-100), 440 - 62) = max(200, 378) = 378.
 *
 * Equity, the same way:
 *   1100 / 1000 = 1.1; 1600 / 2000 = 0.8; 2250 / 1600 = 1.40625; 1890 / 1800 = 1.05; 1417.5 / 1890 = 0.75
 * Index: 1.1, 0.88, 1.2375, 1.299375, 0.97453125
 *   -> drawdown max(1 - 0.88 / 1.1, 1 - 0.97453125 / 1.299375) = max(20 %, 25 %) = 25 %.
 * Profit: 100, -300, 350, 440, -32.5 -> drawdown amount max(100 + 300, 440 + 32.5) = 472.5.
 *
 * Months (a period belongs to the month of the reading that ends it):
 *   January  = 1.1 * 0.9 * 1.25 - 1 = +23.75 %   (best)
 *   February = 1.05 * 0.8 - 1       = -16 %      (worst)
 *   2026     = 1.2375 * 0.84 - 1    = +3.95 %    (the growth: the record lies in one year)
 *
 * Trades: 120, -40, 60, -80, 0 -> 5 trades, 2 won, 2 lost (0 is neither).
 *   win rate 2 / 5 = 40 %; profit factor (120 + 60) / (40 + 80) = 1.5;
 *   average win 180 / 2 = 90; average loss -120 / 2 = -60; expectancy (180 - 120) / 5 = 12.
 * Start: the first reading, 2026-01-05T00:00Z (before the first trade opened at 08:00).
 * Last data: the last reading, 2026-02-16 (after the withdrawal, 02-03, and the last close, 02-12).
 */
export const handFigures = {
  growth: 3.95,
  balance_drawdown: 20,
  balance_drawdown_amount: 378,
  equity_drawdown: 25,
  equity_drawdown_amount: 472.5,
  best_month: { month: '2026-01', return: 23.75 },
  worst_month: { month: '2026-02', return: -16 },
  trades: 5,
  winning_trades: 2,
  losing_trades: 2,
  win_rate: 40,
  profit_factor: 1.5,
  average_win: 90,
  average_loss: -60,
  expectancy: 12,
  deposits: 900,
  withdrawals: 450,
  readings: 6,
  started_at: '2026-01-05T00:00:00.000Z',
  last_data_at: '2026-02-16T00:00:00.000Z',
} as const;

export const handMonths = [
  { month: '2026-01', return: 23.75 },
  { month: '2026-02', return: -16 },
];
export const handYears = [{ year: 2026, return: 3.95 }];

/** Growth reached at each reading (index - 1, in percent): the curve, one point a day. */
export const handCurveGrowth = [0, 10, -1, 23.75, 29.9375, 3.95];

/** Whole weeks from the start to `now`. */
export const handAgeWeeks = (now: Date) =>
  Math.floor((now.getTime() - Date.parse(handFigures.started_at)) / (7 * 24 * 3600 * 1000));
