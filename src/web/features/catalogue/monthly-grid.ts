import type { MonthReturn, YearReturn } from '../../../shared/schemas/track-record.js';

export type YearRow = {
  year: number;
  /** Twelve cells, January first; null for a month without a period. */
  months: (number | null)[];
  total: number | null;
};

/** The monthly returns as a year × month grid, oldest year first, with each year's total. */
export function monthlyGrid(months: readonly MonthReturn[], years: readonly YearReturn[]): YearRow[] {
  const rows = new Map<number, YearRow>();
  const rowOf = (year: number) => {
    let row = rows.get(year);
    if (!row) {
      row = { year, months: Array.from({ length: 12 }, () => null), total: null };
      rows.set(year, row);
    }
    return row;
  };
  for (const { month, return: value } of months) {
    const [year, monthNumber] = month.split('-').map(Number);
    if (!year || !monthNumber || monthNumber < 1 || monthNumber > 12) continue;
    rowOf(year).months[monthNumber - 1] = value;
  }
  for (const { year, return: value } of years) rowOf(year).total = value;
  return [...rows.values()].sort((a, b) => a.year - b.year);
}

/** Gains green, losses red, flat and missing plain: the colour of a return's cell. */
export function returnTone(value: number | null): 'gain' | 'loss' | 'flat' {
  if (value === null || Math.abs(value) < 0.005) return 'flat';
  return value > 0 ? 'gain' : 'loss';
}
