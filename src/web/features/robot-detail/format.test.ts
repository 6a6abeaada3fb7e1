import { describe, expect, it } from 'vitest';
import { formatDay } from './format';

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
