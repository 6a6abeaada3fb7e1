import { describe, expect, it } from 'vitest';
import { formatDecimal, formatPercent, formatUsd } from './format-number';

// French separates thousands and the percent sign with no-break spaces; which one depends on the
// ICU data of the runtime, hence \s.
describe('formatDecimal', () => {
  it('shows two decimals with the grouping of the language', () => {
    expect(formatDecimal(1234.5, 'en')).toBe('1,234.50');
    expect(formatDecimal(1234.5, 'fr')).toMatch(/^1\s234,50$/);
  });

  it('rounds to two decimals and keeps the sign', () => {
    expect(formatDecimal(-3.456, 'en')).toBe('-3.46');
    expect(formatDecimal(0, 'en')).toBe('0.00');
  });

  it('returns null when there is no value', () => {
    expect(formatDecimal(null, 'en')).toBeNull();
    expect(formatDecimal(undefined, 'en')).toBeNull();
    expect(formatDecimal(Number.NaN, 'en')).toBeNull();
  });
});

describe('formatPercent', () => {
  it('adds the percent sign to a value in percent units', () => {
    expect(formatPercent(65.5, 'en')).toBe('65.50%');
    expect(formatPercent(65.5, 'fr')).toMatch(/^65,50\s%$/);
  });

  it('returns null when there is no value', () => {
    expect(formatPercent(null, 'fr')).toBeNull();
  });
});

describe('formatUsd', () => {
  it('writes dollars the way each language does', () => {
    expect(formatUsd(349.99, 'en')).toBe('$349.99');
    expect(formatUsd(1299, 'en')).toBe('$1,299.00');
    // French puts no-break spaces around the group and before the currency; which one depends on ICU.
    expect(formatUsd(1299, 'fr')).toMatch(/^1\s299,00\s\$US$/);
  });

  it('returns null when there is no amount', () => {
    expect(formatUsd(null, 'en')).toBeNull();
    expect(formatUsd(Number.NaN, 'en')).toBeNull();
  });
});
