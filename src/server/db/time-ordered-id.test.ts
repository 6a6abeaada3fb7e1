import { describe, expect, it } from 'vitest';
import { timeOrderedId } from './time-ordered-id.js';

describe('timeOrderedId', () => {
  // The generator remembers the last instant it gave: each test starts after the one before it,
  // whatever today's date, so no test lands in the clock-stepped-back branch by accident.
  it('is a version 7 UUID whose instant is the one it returns', () => {
    const { id, at } = timeOrderedId(Date.now() + 60_000);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Number.parseInt(id.replaceAll('-', '').slice(0, 12), 16)).toBe(Date.parse(at));
  });

  it('sorts in the order written within one millisecond, and when the clock steps back', () => {
    const now = Date.now() + 120_000;
    const written = [
      ...Array.from({ length: 5000 }, () => timeOrderedId(now)),
      timeOrderedId(now - 5000),
      timeOrderedId(now + 10),
    ];
    const sorted = [...written].sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id));
    expect(sorted.map((entry) => entry.id)).toEqual(written.map((entry) => entry.id));
    expect(written[0]!.at).toBe(new Date(now).toISOString());
    expect(new Set(written.map((entry) => entry.id)).size).toBe(written.length);
  });
});
