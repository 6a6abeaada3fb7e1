import { describe, expect, it } from 'vitest';
import type { RobotStatsHistoryPoint } from '../../../shared/schemas/catalogue.js';
import { balanceRange, toBalanceSeries } from './balance-series';

function point(recorded_at: string, balance: number | null): RobotStatsHistoryPoint {
  return { recorded_at, balance, winrate: null, profit: null, floating: null };
}

describe('toBalanceSeries', () => {
  it('turns records into ascending points in whole seconds', () => {
    expect(toBalanceSeries([point('2026-01-02T00:00:00.500Z', 1010), point('2026-01-01T00:00:00Z', 1000)])).toEqual([
      { time: 1767225600, value: 1000, recordedAt: '2026-01-01T00:00:00Z' },
      { time: 1767312000, value: 1010, recordedAt: '2026-01-02T00:00:00.500Z' },
    ]);
  });

  it('drops records without a balance or a readable date', () => {
    expect(
      toBalanceSeries([point('2026-01-01T00:00:00Z', null), point('not a date', 5), point('2026-01-03T00:00:00Z', 7)]),
    ).toHaveLength(1);
  });

  it('keeps the later of two records in the same second', () => {
    const series = toBalanceSeries([point('2026-01-01T00:00:00.100Z', 1), point('2026-01-01T00:00:00.900Z', 2)]);
    expect(series.map((p) => p.value)).toEqual([2]);
  });
});

describe('balanceRange', () => {
  it('gives the first and last points once there are two', () => {
    const series = toBalanceSeries([
      point('2026-01-01T00:00:00Z', 1000),
      point('2026-01-05T00:00:00Z', 1100),
      point('2026-01-09T00:00:00Z', 1050),
    ]);
    expect(balanceRange(series)).toEqual({ first: series[0], last: series[2] });
  });

  it('gives nothing for fewer than two points', () => {
    expect(balanceRange([])).toBeNull();
    expect(balanceRange(toBalanceSeries([point('2026-01-01T00:00:00Z', 1000)]))).toBeNull();
  });
});
