import { describe, expect, it } from 'vitest';
// @ts-expect-error scripts/ is plain JavaScript without type declarations.
import { serverEnvironment, serverNodeFlags } from '../../scripts/server-node-flags.mjs';

describe('the server process’s settings (npm start and the bench)', () => {
  it('use one malloc arena unless the operator chose a number', () => {
    expect(serverEnvironment({})).toEqual({ MALLOC_ARENA_MAX: '1' });
    expect(serverEnvironment({ MALLOC_ARENA_MAX: '4' })).toEqual({});
  });

  it('use 2 MB semi-spaces unless the operator chose a size', () => {
    expect(serverNodeFlags([], '')).toEqual(['--max-semi-space-size=2']);
    expect(serverNodeFlags(['--max-semi-space-size=16'], '')).toEqual([]);
    expect(serverNodeFlags([], '--max_semi_space_size=4')).toEqual([]);
  });
});
