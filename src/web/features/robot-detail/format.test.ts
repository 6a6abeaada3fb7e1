import { describe, expect, it } from 'vitest';
import { formatUsd } from '../../lib/format-price';
import { formatDay } from './format';

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

describe('formatDay', () => {
  it('writes the day with the month name of the language', () => {
    expect(formatDay('2026-11-21T14:05:00Z', 'en', 'UTC')).toBe('21 Nov 2026');
    expect(formatDay('2026-11-21T14:05:00Z', 'fr', 'UTC')).toBe('21 nov. 2026');
  });

  it('returns null for a missing or unreadable date', () => {
    expect(formatDay(null, 'en')).toBeNull();
    expect(formatDay('yesterday', 'en')).toBeNull();
  });
});
