import { describe, expect, it } from 'vitest';
import { csvCell } from './csv-cell.js';

describe('a CSV cell', () => {
  it('defuses what a spreadsheet would run as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t']) expect(csvCell(`${start}SUM(1)`)).toBe(`'${start}SUM(1)`);
    expect(csvCell('\rSUM(1)')).toBe(`"'\rSUM(1)"`);
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('a=1')).toBe('a=1');
  });

  it('quotes commas, quotes and line breaks', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it('writes a missing value as an empty cell, numbers as they are, objects as JSON', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(12.5)).toBe('12.5');
    expect(csvCell(-3)).toBe("'-3");
    expect(csvCell({ a: 1 })).toBe('"{""a"":1}"');
  });
});
