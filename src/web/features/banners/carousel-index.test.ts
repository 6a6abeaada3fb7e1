import { describe, expect, it } from 'vitest';
import { nextIndex, previousIndex, wrapIndex } from './carousel-index';

describe('carousel positions', () => {
  it('moves forward and wraps from the last slide to the first', () => {
    expect(nextIndex(0, 3)).toBe(1);
    expect(nextIndex(2, 3)).toBe(0);
  });

  it('moves back and wraps from the first slide to the last', () => {
    expect(previousIndex(1, 3)).toBe(0);
    expect(previousIndex(0, 3)).toBe(2);
  });

  it('stays on the only slide', () => {
    expect(nextIndex(0, 1)).toBe(0);
    expect(previousIndex(0, 1)).toBe(0);
  });

  it('brings a position back into range when slides disappear', () => {
    expect(wrapIndex(4, 2)).toBe(0);
    expect(wrapIndex(-3, 2)).toBe(1);
    expect(wrapIndex(3, 0)).toBe(0);
  });
});
