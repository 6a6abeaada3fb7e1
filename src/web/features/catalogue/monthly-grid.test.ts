import { describe, expect, it } from 'vitest';
import { monthlyGrid, returnTone } from './monthly-grid';

describe('monthlyGrid', () => {
  it('lays the months out by year, January first, with the year totals', () => {
    const rows = monthlyGrid(
      [
        { month: '2026-02', return: -16 },
        { month: '2025-12', return: 2.5 },
        { month: '2026-01', return: 23.75 },
      ],
      [
        { year: 2025, return: 2.5 },
        { year: 2026, return: 3.95 },
      ],
    );
    expect(rows.map((row) => row.year)).toEqual([2025, 2026]);
    expect(rows[0]!.months[11]).toBe(2.5);
    expect(rows[0]!.months.slice(0, 11).every((cell) => cell === null)).toBe(true);
    expect(rows[1]!.months.slice(0, 3)).toEqual([23.75, -16, null]);
    expect(rows[1]!.total).toBe(3.95);
  });

  it('is empty without months', () => {
    expect(monthlyGrid([], [])).toEqual([]);
  });
});

describe('returnTone', () => {
  it('is a gain above zero, a loss below, flat at zero (to the cent shown) or without a value', () => {
    expect(returnTone(0.01)).toBe('gain');
    expect(returnTone(-0.01)).toBe('loss');
    expect(returnTone(0.001)).toBe('flat');
    expect(returnTone(null)).toBe('flat');
  });
});
