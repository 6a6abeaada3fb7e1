import { z } from 'zod';

/**
 * A robot's track record as the shop computes it from what its workflow reports (issue 20,
 * decision 0019): figures, monthly returns, the daily growth curve and the cash flows. Every
 * figure is self-reported: the shop computed it from data it did not verify.
 */

/** Percentages are in percent units (12.5 means 12.5 %); amounts in the account's currency. */
const percent = z.number();
const amount = z.number();

export const monthReturnSchema = z.object({
  /** `YYYY-MM`, in UTC. */
  month: z.string(),
  return: percent,
});
export type MonthReturn = z.infer<typeof monthReturnSchema>;

export const yearReturnSchema = z.object({ year: z.number().int(), return: percent });
export type YearReturn = z.infer<typeof yearReturnSchema>;

export const trackRecordFiguresSchema = z.object({
  /** Time-weighted growth of the balance, cash flows excluded; null before two readings. */
  growth: percent.nullable(),
  balance_drawdown: percent.nullable(),
  balance_drawdown_amount: amount.nullable(),
  equity_drawdown: percent.nullable(),
  equity_drawdown_amount: amount.nullable(),
  best_month: monthReturnSchema.nullable(),
  worst_month: monthReturnSchema.nullable(),
  trades: z.number().int(),
  winning_trades: z.number().int(),
  losing_trades: z.number().int(),
  win_rate: percent.nullable(),
  profit_factor: z.number().nullable(),
  average_win: amount.nullable(),
  /** Negative: the average losing trade. */
  average_loss: amount.nullable(),
  expectancy: amount.nullable(),
  deposits: amount,
  withdrawals: amount,
  readings: z.number().int(),
  started_at: z.string().nullable(),
  age_weeks: z.number().int().nullable(),
  last_data_at: z.string().nullable(),
});
export type TrackRecordFigures = z.infer<typeof trackRecordFiguresSchema>;

/** The last reading of each day (UTC), with the growth reached by then. */
export const curvePointSchema = z.object({
  time: z.string(),
  balance: amount,
  equity: amount,
  growth: percent,
});
export type CurvePoint = z.infer<typeof curvePointSchema>;

export const cashFlowTypeSchema = z.enum(['deposit', 'withdrawal']);
export type CashFlowType = z.infer<typeof cashFlowTypeSchema>;

export const publicCashFlowSchema = z.object({ time: z.string(), type: cashFlowTypeSchema, amount });
export type PublicCashFlow = z.infer<typeof publicCashFlowSchema>;

/** GET /api/robots/:id/track-record. */
export const trackRecordSchema = z.object({
  figures: trackRecordFiguresSchema,
  months: z.array(monthReturnSchema),
  years: z.array(yearReturnSchema),
  curve: z.array(curvePointSchema),
  cash_flows: z.array(publicCashFlowSchema),
});
export type TrackRecord = z.infer<typeof trackRecordSchema>;

// ---- The owner's view (the robot form's Track record tab).

export const trackPushSourceSchema = z.enum(['hook', 'workflow']);

export const trackPushSchema = z.object({
  received_at: z.string(),
  /** `hook`: pushed to POST /api/hooks/stats; `workflow`: the stats workflow's reply to a refresh. */
  source: trackPushSourceSchema,
  readings: z.number().int(),
  cash_flows: z.number().int(),
  trades: z.number().int(),
});
export type TrackPush = z.infer<typeof trackPushSchema>;

export const adminCashFlowSchema = z.object({
  id: z.string(),
  type: cashFlowTypeSchema,
  amount,
  time: z.string(),
  /** The platform's id of the operation, when the workflow sent one. */
  external_id: z.string().nullable(),
  received_at: z.string(),
});
export type AdminCashFlow = z.infer<typeof adminCashFlowSchema>;

export const adminTradeSchema = z.object({
  id: z.string(),
  ticket: z.string(),
  symbol: z.string(),
  side: z.enum(['buy', 'sell']),
  lots: z.number(),
  opened_at: z.string(),
  closed_at: z.string(),
  profit: amount,
  received_at: z.string(),
});
export type AdminTrade = z.infer<typeof adminTradeSchema>;

export const ADMIN_TRADES_PAGE_SIZE = 25;
export const ADMIN_CASH_FLOWS_MAX = 200;
export const ADMIN_PUSHES_SHOWN = 20;

export const adminTrackRecordQuerySchema = z.object({
  /** Page of the trades, newest closed first, from 0. */
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

/** GET /api/admin/robots/:id/track-record. */
export const adminTrackRecordSchema = z.object({
  figures: trackRecordFiguresSchema,
  pushes: z.array(trackPushSchema),
  /** Newest first, at most ADMIN_CASH_FLOWS_MAX. */
  cash_flows: z.array(adminCashFlowSchema),
  cash_flows_total: z.number().int(),
  trades: z.array(adminTradeSchema),
  trades_total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type AdminTrackRecord = z.infer<typeof adminTrackRecordSchema>;
