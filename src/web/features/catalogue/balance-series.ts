import type { RobotStatsHistoryPoint } from '../../../shared/schemas/catalogue.js';

/** One point of the balance chart: `time` in whole seconds since the epoch (UTC), as the chart wants. */
export type BalancePoint = { time: number; value: number; recordedAt: string };

/** A line needs two points; with fewer, the page says there is not enough history yet. */
export const MIN_CHART_POINTS = 2;

/**
 * The balance over time, ready for the chart: points without a balance or a readable date are
 * dropped, times ascend strictly (the chart refuses anything else), and of two records in the
 * same second the later one wins.
 */
export function toBalanceSeries(history: readonly RobotStatsHistoryPoint[]): BalancePoint[] {
  const bySecond = new Map<number, BalancePoint>();
  for (const point of history) {
    const milliseconds = Date.parse(point.recorded_at);
    if (point.balance === null || !Number.isFinite(point.balance) || Number.isNaN(milliseconds)) continue;
    const time = Math.floor(milliseconds / 1000);
    bySecond.set(time, { time, value: point.balance, recordedAt: point.recorded_at });
  }
  return [...bySecond.values()].sort((a, b) => a.time - b.time);
}

/** First and last points, for the chart's text alternative; null when there is no chart. */
export function balanceRange(points: readonly BalancePoint[]): { first: BalancePoint; last: BalancePoint } | null {
  if (points.length < MIN_CHART_POINTS) return null;
  return { first: points[0]!, last: points.at(-1)! };
}
