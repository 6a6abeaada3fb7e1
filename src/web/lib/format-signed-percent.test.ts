import { describe, expect, it } from 'vitest';
import { formatSignedPercent } from './format-number';

// French separates the percent sign with a no-break space; which one depends on the ICU data.
describe('formatSignedPercent', () => {
  it('writes a return with its sign and two decimals, the way the language does', () => {
    expect(formatSignedPercent(3.95, 'en')).toBe('+3.95%');
    expect(formatSignedPercent(-16, 'en')).toBe('-16.00%');
    expect(formatSignedPercent(21, 'fr')).toMatch(/^\+21,00\s%$/);
  });

  it('gives zero no sign, and nothing without a value', () => {
    expect(formatSignedPercent(0, 'en')).toBe('0.00%');
    expect(formatSignedPercent(null, 'en')).toBeNull();
    expect(formatSignedPercent(Number.NaN, 'en')).toBeNull();
  });
});
