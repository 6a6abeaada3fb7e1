// Plain-text output: an aligned table and a few formatting helpers.

export interface Column {
  title: string;
  alignRight?: boolean;
}

export function formatTable(columns: Column[], rows: string[][]): string {
  const widths = columns.map((column, index) =>
    Math.max(column.title.length, ...rows.map((row) => (row[index] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, index) =>
        columns[index]?.alignRight ? cell.padStart(widths[index] ?? 0) : cell.padEnd(widths[index] ?? 0),
      )
      .join('  ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [line(columns.map((column) => column.title)), rule, ...rows.map(line)].join('\n');
}

export function formatNumber(value: number, fractionDigits = 0): string {
  return value.toLocaleString('en-US', {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  });
}
