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

export const statsRecordSchema = z.object({
  robot_name: z.string({ error: 'is required' }).trim().min(1, 'is required').max(200),
  winrate: statValueSchema,
  balance: statValueSchema,
  weekly: statValueSchema,
  profit_factor: statValueSchema,
  monthly: statValueSchema,
  profit: statValueSchema,
  daily: statValueSchema,
});
export type StatsRecordInput = z.infer<typeof statsRecordSchema>;

const statsBatchSchema = z
  .array(statsRecordSchema)
  .max(STATS_RECORDS_PER_PUSH_MAX, `at most ${STATS_RECORDS_PER_PUSH_MAX} records per push`);

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

/** What POST /api/hooks/stats answers: how many records it kept, and with ?refresh=1 whether a refresh started. */
export const statsPushAnswerSchema = z.object({
  accepted: z.number().int(),
  refresh: z.enum(['started', ...refreshSkips]).optional(),
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
  let parsed = 0;
  if (typeof value === 'number') parsed = value;
  else if (typeof value === 'string' && decimalText.test(value.trim()))
    parsed = Number(value.trim().replace(/%$/, '').replaceAll(',', ''));
  // -0 is zero too, and must not show as "-0.00".
  return Number.isFinite(parsed) && parsed !== 0 ? parsed : 0;
}
