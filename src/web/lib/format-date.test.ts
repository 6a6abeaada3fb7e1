import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDay } from './format-date';

describe('formatDateTime', () => {
  it("writes 'd MMM yyyy, HH:mm' with French month abbreviations", () => {
    expect(formatDateTime('2026-11-21T14:05:00.000Z', 'fr', 'UTC')).toBe('21 nov. 2026, 14:05');
    expect(formatDateTime('2026-06-03T09:00:00Z', 'fr', 'UTC')).toBe('3 juin 2026, 09:00');
  });

  it('uses the 24-hour clock, midnight included', () => {
    expect(formatDateTime('2026-01-05T00:07:00Z', 'fr', 'UTC')).toBe('5 janv. 2026, 00:07');
    expect(formatDateTime('2026-01-05T23:59:00Z', 'en', 'UTC')).toBe('5 Jan 2026, 23:59');
  });

  it('shows the time in the given time zone', () => {
    expect(formatDateTime('2026-11-21T23:30:00Z', 'fr', 'Europe/Paris')).toBe('22 nov. 2026, 00:30');
  });

  it('returns null when there is no readable date', () => {
    expect(formatDateTime(null, 'fr')).toBeNull();
    expect(formatDateTime('', 'fr')).toBeNull();
    expect(formatDateTime('not a date', 'fr')).toBeNull();
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
