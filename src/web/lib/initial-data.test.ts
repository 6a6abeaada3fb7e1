import { describe, expect, it } from 'vitest';
import { parseInitialData } from './initial-data';

describe('parseInitialData', () => {
  it('returns nothing when there is no block', () => {
    expect(parseInitialData(null)).toEqual({});
    expect(parseInitialData('')).toEqual({});
  });

  it('ignores malformed JSON', () => {
    expect(parseInitialData('{"settings":')).toEqual({});
  });

  it('keeps the parts with the right outer shape', () => {
    const data = parseInitialData(JSON.stringify({ settings: { hero_title: 'Hi' }, categories: [], robots: 'nope' }));
    expect(data).toEqual({ settings: { hero_title: 'Hi' }, categories: [] });
  });

  it("keeps the robot of a robot's page when it has an id", () => {
    expect(parseInitialData(JSON.stringify({ robot: { id: 'r1', name: 'Aurora' } }))).toEqual({
      robot: { id: 'r1', name: 'Aurora' },
    });
    expect(parseInitialData(JSON.stringify({ robot: { name: 'no id' } }))).toEqual({});
    expect(parseInitialData(JSON.stringify({ robot: null }))).toEqual({});
  });

  it('ignores a block that is not an object', () => {
    expect(parseInitialData('[1, 2]')).toEqual({});
  });
});
