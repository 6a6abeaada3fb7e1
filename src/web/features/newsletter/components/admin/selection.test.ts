import { describe, expect, it } from 'vitest';
import { emptySelection, isSelected, selectedCount, toApiSelection, toggleRows } from './selection';

describe('subscriber selection', () => {
  it('ticks rows one by one across pages', () => {
    let selection = toggleRows(emptySelection, ['a', 'b'], ['a'], true);
    selection = toggleRows(selection, ['c', 'd'], ['c', 'd'], true);
    expect(selectedCount(selection)).toBe(3);
    expect(toApiSelection(selection)).toEqual({ ids: ['a', 'c', 'd'], q: '' });
    selection = toggleRows(selection, ['c', 'd'], ['d'], false);
    expect(isSelected(selection, 'd')).toBe(false);
    expect(selectedCount(selection)).toBe(2);
  });

  it('selects everything matching the search, and unticking one row keeps the rest of the page', () => {
    const all = { kind: 'all' as const, q: 'gmail', total: 5000 };
    expect(selectedCount(all)).toBe(5000);
    expect(isSelected(all, 'anything')).toBe(true);
    expect(toApiSelection(all)).toEqual({ ids: 'all', q: 'gmail' });
    const narrowed = toggleRows(all, ['a', 'b', 'c'], ['b'], false);
    expect(toApiSelection(narrowed)).toEqual({ ids: ['a', 'c'], q: '' });
  });
});
