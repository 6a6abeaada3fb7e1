import { describe, expect, it } from 'vitest';
import { canonicalKey, formatKey, keySuffix, newCanonicalKey } from './licence-key.js';

describe('licence keys', () => {
  it('are TB- and five groups of five Crockford base32 characters, without I, L, O or U', () => {
    const key = formatKey(newCanonicalKey());
    expect(key).toMatch(/^TB(-[0-9A-HJKMNP-TV-Z]{5}){5}$/);
  });

  it('carry 125 random bits: every character of the alphabet appears at every position', () => {
    const seen = Array.from({ length: 25 }, () => new Set<string>());
    const keys = new Set<string>();
    for (let count = 0; count < 2000; count++) {
      const key = newCanonicalKey();
      keys.add(key);
      [...key].forEach((character, position) => seen[position]!.add(character));
    }
    expect(keys.size).toBe(2000);
    // Each position is 5 of the 16 random bytes' bits: all 32 characters show up everywhere.
    expect(seen.map((characters) => characters.size)).toEqual(Array(25).fill(32));
  });

  it('read the way people type them: any case, spaces or dashes, with or without the prefix, O as 0 and I or L as 1', () => {
    const canonical = newCanonicalKey();
    const key = formatKey(canonical);
    expect(canonicalKey(key)).toBe(canonical);
    expect(canonicalKey(` ${key.toLowerCase()} `)).toBe(canonical);
    expect(canonicalKey(key.slice(3).replaceAll('-', ' '))).toBe(canonical);
    expect(canonicalKey(key.replaceAll('0', 'O').replaceAll('1', 'l'))).toBe(canonical);
    expect(canonicalKey('TB-00000-00000-00000-00000-0000U')).toBeNull();
    expect(canonicalKey('TB-00000-00000-00000-00000')).toBeNull();
    expect(canonicalKey('')).toBeNull();
  });

  it('keep only their last group in clear for the search', () => {
    expect(keySuffix('0123456789ABCDEFGHJKMNPQR')).toBe('MNPQR');
  });
});
