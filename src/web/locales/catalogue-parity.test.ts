import { describe, expect, it } from 'vitest';
import en from './en.json';
import fr from './fr.json';

/** Every leaf as [dotted key, value], so a mismatch fails with the key's name. */
function leaves(node: unknown, prefix = ''): [string, unknown][] {
  if (typeof node !== 'object' || node === null) return [[prefix, node]];
  return Object.entries(node).flatMap(([key, child]) => leaves(child, prefix === '' ? key : `${prefix}.${key}`));
}

const keysOf = (catalogue: unknown) =>
  leaves(catalogue)
    .map(([key]) => key)
    .sort();

const placeholdersOf = (catalogue: unknown) =>
  Object.fromEntries(
    leaves(catalogue).map(([key, value]) => [
      key,
      String(value)
        .match(/{{\s*\w+\s*}}/g)
        ?.sort() ?? [],
    ]),
  );

describe('translation catalogues', () => {
  it('en and fr hold exactly the same keys', () => {
    expect(keysOf(fr)).toEqual(keysOf(en));
  });

  it('every entry is a non-empty string', () => {
    for (const catalogue of [en, fr]) {
      const invalid = leaves(catalogue).filter(([, value]) => typeof value !== 'string' || value.trim() === '');
      expect(invalid).toEqual([]);
    }
  });

  it('interpolation placeholders match between languages', () => {
    expect(placeholdersOf(fr)).toEqual(placeholdersOf(en));
  });
});
