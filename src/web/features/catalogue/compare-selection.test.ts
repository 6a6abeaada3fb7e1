import { describe, expect, it } from 'vitest';
import { comparePath, parseCompared, toggleCompared } from './compare-selection';

describe('the robots chosen for comparison', () => {
  it('reads a comma-separated list: each robot once, at most three, blanks ignored', () => {
    expect(parseCompared('a, b,,a,c,d')).toEqual(['a', 'b', 'c']);
    expect(parseCompared(null)).toEqual([]);
    expect(parseCompared('')).toEqual([]);
  });

  it('adds and removes a robot, and never a fourth', () => {
    expect(toggleCompared([], 'a')).toEqual(['a']);
    expect(toggleCompared(['a', 'b'], 'a')).toEqual(['b']);
    expect(toggleCompared(['a', 'b', 'c'], 'd')).toEqual(['a', 'b', 'c']);
  });

  it('links to the comparison page with the ids in the URL', () => {
    expect(comparePath(['a', 'b c'])).toBe('/Compare?robots=a%2Cb+c');
  });
});
