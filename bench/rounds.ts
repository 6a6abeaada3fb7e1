// Interleaved rounds: on a shared machine the speed available to a process moves by tens of percent
// within minutes, so a ratio between one long run of A and a later long run of B measures the
// machine as much as A. Alternating short rounds (A B A B …) exposes both to the same moments;
// the median of the per-round ratios then ignores a round or two spoiled by a neighbour's burst,
// and the lowest and highest round show how much the machine moved.
import { setTimeout } from 'node:timers/promises';
import { formatNumber } from './report.js';

export interface RoundSettings {
  /** Discarded run of each side before the rounds, so that JIT compilation and cold caches do not count. */
  warmupSeconds: number;
  roundSeconds: number;
  rounds: number;
}

/**
 * A pause before each run: requests still in flight when the load generator stops are finished by
 * their server all the same, and that work must not eat into the other side's round.
 */
const SETTLE_MS = 500;

/** Runs `a` then `b` for `seconds` each, warm-up first, then `rounds` times in turn. */
export async function alternate<A, B>(
  settings: RoundSettings,
  a: (seconds: number) => Promise<A>,
  b: (seconds: number) => Promise<B>,
): Promise<{ a: A[]; b: B[] }> {
  const [runsOfA, runsOfB] = await takeTurns<A | B>(settings, [a, b]);
  return { a: runsOfA as A[], b: runsOfB as B[] };
}

/**
 * Runs each of `sides` for `seconds`, one after the other, warm-up first, then `rounds` times in
 * turn (A B C A B C …); answers each side's rounds, in the order of `sides`.
 */
export async function takeTurns<T>(
  settings: RoundSettings,
  sides: Array<(seconds: number) => Promise<T>>,
): Promise<T[][]> {
  const settled = async (run: (seconds: number) => Promise<T>, seconds: number) => {
    await setTimeout(SETTLE_MS);
    return run(seconds);
  };
  if (settings.warmupSeconds > 0) for (const side of sides) await settled(side, settings.warmupSeconds);
  const results = sides.map(() => [] as T[]);
  for (let round = 0; round < settings.rounds; round++)
    for (const [index, side] of sides.entries()) results[index]!.push(await settled(side, settings.roundSeconds));
  return results;
}

export interface Spread {
  median: number;
  min: number;
  max: number;
}

/** Median, lowest and highest of the finite values; undefined when there is none. */
export function spread(values: number[]): Spread | undefined {
  const sorted = values.filter(Number.isFinite).sort((x, y) => x - y);
  if (sorted.length === 0) return undefined;
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { median, min: sorted[0]!, max: sorted[sorted.length - 1]! };
}

/** Round i's `a` as a percentage of round i's `b`: the two ran one after the other. */
export function percentages(a: number[], b: number[]): number[] {
  return a.map((value, index) => (100 * value) / b[index]!);
}

/**
 * "12,345 [11,900–12,800]": the median, then the lowest and highest round. A round without a
 * figure (no request completed, a reference that did nothing) is left out, and the count says so.
 */
export function formatSpread(values: number[], fractionDigits = 0, unit = ''): string {
  const figures = spread(values);
  if (!figures) return 'n/a';
  const count = values.filter(Number.isFinite).length;
  const left = count < values.length ? ` (${count} of ${values.length} rounds)` : '';
  const format = (value: number) => formatNumber(value, fractionDigits);
  return `${format(figures.median)}${unit} [${format(figures.min)}–${format(figures.max)}]${left}`;
}

export function formatPercentSpread(values: number[]): string {
  return formatSpread(values, 1, ' %');
}

/** Each round's problems (errors, timeouts, non-2xx), labelled with the round. */
export function problemsByRound(rounds: Array<{ problems: string[] }>): string[] {
  return rounds.flatMap((round, index) => round.problems.map((problem) => `round ${index + 1}: ${problem}`));
}
