import { z } from 'zod';

/**
 * A robot stats record as automation workflows send it (SPEC §3 "Robot stats record"): pushed to
 * POST /api/hooks/stats, or returned by the stats workflow when the refresher asks for it.
 */

export const STATS_RECORDS_PER_PUSH_MAX = 500;

/** The figures of a stats record, in the order of SPEC §3. `profit` is the robot's floating P&L. */
export const statsRecordFields = [
  'winrate',
  'balance',
  'weekly',
  'profit_factor',
  'monthly',
  'profit',
  'daily',
] as const;
export type StatsRecordField = (typeof statsRecordFields)[number];

/**
 * A figure: a number, a numeric string (see parseStatValue), null to clear it, or absent to leave
 * the stored figure as it is. Any other string is accepted and counts as 0 (SPEC §5).
 */
const statValueSchema = z
  .union([z.number(), z.string().max(50), z.null()], { error: 'must be a number, a numeric string or null' })
  .optional();

/** Closed trades and cash flows in one push, all records together (issue 20: a few hundred). */
export const TRACK_ITEMS_PER_PUSH_MAX = 500;

/** How far ahead of the shop's clock a reported time may be (clocks differ a little). */
const FUTURE_TOLERANCE_MS = 5 * 60_000;

/**
 * A moment of the track record: an ISO 8601 date-time with its offset (`2026-01-05T08:00:00Z`,
 * `2026-01-05T10:00:00+02:00`), stored in UTC. Not before 1970 and not in the future.
 */
const trackTimeSchema = z.iso
  .datetime({ offset: true, error: 'must be an ISO 8601 date-time with its offset, e.g. 2026-01-05T08:00:00Z' })
  .transform((text) => new Date(text).toISOString())
  .refine((iso) => iso >= '1970-01-01', 'is before 1970')
  .refine((iso) => Date.parse(iso) <= Date.now() + FUTURE_TOLERANCE_MS, 'is in the future');

/**
 * An amount or a size of the track record: a number or a numeric string (parseStatNumber). Unlike
 * the figures of SPEC's record, text that is not a number is refused: a trade's profit read as 0
 * would falsify every figure computed from it.
 */
const trackNumberSchema = z
  .union([z.number(), z.string().max(50)], { error: 'must be a number or a numeric string' })
  .transform((value, context) => {
    const parsed = parseStatNumber(value);
    if (parsed === null) {
      context.addIssue({ code: 'custom', message: 'must be a number or a numeric string' });
      return z.NEVER;
    }
    return parsed;
  });
const positiveTrackNumber = trackNumberSchema.refine((value) => value > 0, 'must be greater than 0');

/** An identifier the trading platform gives (a ticket, a deal id): text or a whole number. */
const platformIdSchema = z
  .union([z.string().trim().min(1, 'is required').max(64, 'at most 64 characters'), z.number().int().min(0)], {
    error: 'must be a text of at most 64 characters or a whole number',
  })
  .transform(String);

/** A deposit or a withdrawal; `id` (the platform's ticket) makes a resend harmless. */
export const cashFlowInputSchema = z.object({
  id: platformIdSchema.optional(),
  type: z.enum(['deposit', 'withdrawal'], { error: "must be 'deposit' or 'withdrawal'" }),
  amount: positiveTrackNumber,
  time: trackTimeSchema,
});
export type CashFlowInput = z.infer<typeof cashFlowInputSchema>;

/** A closed trade, kept by its ticket: sending it again changes nothing, sending it changed corrects it. */
export const tradeInputSchema = z
  .object({
    ticket: platformIdSchema,
    symbol: z.string({ error: 'is required' }).trim().min(1, 'is required').max(32, 'at most 32 characters'),
    side: z
      .string({ error: "must be 'buy' or 'sell'" })
      .transform((side) => side.trim().toLowerCase())
      .pipe(z.enum(['buy', 'sell'], { error: "must be 'buy' or 'sell'" })),
    lots: positiveTrackNumber,
    opened_at: trackTimeSchema,
    closed_at: trackTimeSchema,
    /** The trade's net result in the account's currency, commission and swap included. */
    profit: trackNumberSchema,
  })
  .refine((trade) => trade.closed_at >= trade.opened_at, {
    path: ['closed_at'],
    message: 'is before opened_at',
  });
export type TradeInput = z.infer<typeof tradeInputSchema>;

export const statsRecordSchema = z
  .object({
    robot_name: z.string({ error: 'is required' }).trim().min(1, 'is required').max(200),
    winrate: statValueSchema,
    balance: statValueSchema,
    weekly: statValueSchema,
    profit_factor: statValueSchema,
    monthly: statValueSchema,
    profit: statValueSchema,
    daily: statValueSchema,
    // The track record (issue 20, decision 0019), all optional: a record of SPEC's figures alone
    // is read as before.
    /** When the balance and equity were read; default: when the shop receives the record. */
    time: trackTimeSchema.optional(),
    /** Balance plus the open trades' floating result; default: balance + profit (the floating P&L). */
    equity: statValueSchema,
    cash_flows: z.array(cashFlowInputSchema).max(TRACK_ITEMS_PER_PUSH_MAX).optional(),
    trades: z.array(tradeInputSchema).max(TRACK_ITEMS_PER_PUSH_MAX).optional(),
  })
  .refine((record) => record.equity === undefined || record.equity === null || record.balance != null, {
    path: ['equity'],
    message: 'needs the balance in the same record',
  });
export type StatsRecordInput = z.infer<typeof statsRecordSchema>;

const statsBatchSchema = z
  .array(statsRecordSchema)
  .max(STATS_RECORDS_PER_PUSH_MAX, `at most ${STATS_RECORDS_PER_PUSH_MAX} records per push`)
  .superRefine((records, context) => {
    for (const list of ['trades', 'cash_flows'] as const) {
      const count = records.reduce((total, record) => total + (record[list]?.length ?? 0), 0);
      if (count > TRACK_ITEMS_PER_PUSH_MAX)
        context.addIssue({ code: 'custom', message: `at most ${TRACK_ITEMS_PER_PUSH_MAX} ${list} per push` });
    }
  });

/**
 * One record or an array of records, always handed on as an array. Validated by hand rather than
 * with z.union, whose failure would say only "Invalid input" for the whole body instead of naming
 * the field (e.g. `body.3.winrate`).
 */
export const statsPushSchema = z.unknown().transform((input, context): StatsRecordInput[] => {
  const result = Array.isArray(input) ? statsBatchSchema.safeParse(input) : statsRecordSchema.safeParse(input);
  if (!result.success) {
    for (const issue of result.error.issues) context.addIssue({ ...issue });
    return z.NEVER;
  }
  return Array.isArray(result.data) ? result.data : [result.data];
});

/** Why a refresh asked for did not start: one is running, one ended moments ago, another instance holds it, or the shop is stopping. */
export const refreshSkips = ['running', 'recent', 'locked', 'stopped'] as const;
export type RefreshSkip = (typeof refreshSkips)[number];

/**
 * What POST /api/hooks/stats answers: how many records it kept, with ?refresh=1 whether a refresh
 * started, and the names whose track-record data (readings, cash flows, trades) no robot took.
 */
export const statsPushAnswerSchema = z.object({
  accepted: z.number().int(),
  refresh: z.enum(['started', ...refreshSkips]).optional(),
  unknown_robots: z.array(z.string()).optional(),
});

// Optional sign; digits, possibly grouped by thousands with commas; optional decimals after a
// point; optional exponent; optional trailing percent sign (a label, the value is unchanged).
const decimalText = /^[+-]?(?:(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?%?$/i;

/**
 * SPEC §5: strings are parsed to numbers and anything non-numeric becomes 0. Accepted strings, with
 * surrounding spaces ignored: "58.4", "-3", "+1.5e3", ".5", "12,450.37" (comma as thousands
 * separator only), "58.4%". A decimal comma ("58,4") is ambiguous and counts as 0, like "abc",
 * "", null, absent and anything that is not a finite number.
 */
export function parseStatValue(value: unknown): number {
  return parseStatNumber(value) ?? 0;
}

/** The number a figure holds (the texts parseStatValue accepts), or null when it holds none. */
export function parseStatNumber(value: unknown): number | null {
  let parsed: number | null = null;
  if (typeof value === 'number') parsed = value;
  else if (typeof value === 'string' && decimalText.test(value.trim()))
    parsed = Number(value.trim().replace(/%$/, '').replaceAll(',', ''));
  if (parsed === null || !Number.isFinite(parsed)) return null;
  // -0 is zero too, and must not show as "-0.00".
  return parsed === 0 ? 0 : parsed;
}
