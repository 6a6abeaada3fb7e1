import { describe, expect, it } from 'vitest';
import { resolvePage } from './pages.js';
import { freeSlug, robotPath, robotSlugOfPath, ROBOT_SLUG_PATTERN, slugFromName } from './robot-slug.js';

describe('slugFromName', () => {
  it.each([
    ['Orion EA', 'orion-ea'],
    ['  Éclair — Scalper Pro! ', 'eclair-scalper-pro'],
    ['Große Bär Øre Œuvre Łódź', 'grosse-bar-ore-oeuvre-lodz'],
    ['EUR/USD 2.0 (MT5)', 'eur-usd-2-0-mt5'],
    ['Ｆｕｌｌｗｉｄｔｈ', 'fullwidth'],
    ['日本', 'robot'],
    ['---', 'robot'],
  ])('%s -> %s', (name, slug) => {
    expect(slugFromName(name)).toBe(slug);
    expect(slug).toMatch(ROBOT_SLUG_PATTERN);
  });

  it('cuts a long name at 80 characters, never on a hyphen', () => {
    const slug = slugFromName(`${'a'.repeat(79)} b c`);
    expect(slug).toBe('a'.repeat(79));
    expect(slugFromName('word '.repeat(40)).length).toBeLessThanOrEqual(80);
    expect(slugFromName('word '.repeat(40))).toMatch(ROBOT_SLUG_PATTERN);
  });
});

describe('freeSlug', () => {
  it('adds -2, -3… until the slug is free, within 80 characters', () => {
    const taken = new Set(['orion', 'orion-2']);
    expect(freeSlug('nova', (slug) => taken.has(slug))).toBe('nova');
    expect(freeSlug('orion', (slug) => taken.has(slug))).toBe('orion-3');
    const long = 'a'.repeat(80);
    expect(freeSlug(long, (slug) => slug === long)).toBe(`${'a'.repeat(78)}-2`);
  });
});

describe('robot addresses', () => {
  it('reads the slug of /robots/<slug> only, in lower case', () => {
    expect(robotPath('orion-ea')).toBe('/robots/orion-ea');
    expect(robotSlugOfPath('/robots/orion-ea')).toBe('orion-ea');
    expect(robotSlugOfPath('/Robots/Orion-EA/?x=1#top')).toBe('orion-ea');
    expect(robotSlugOfPath('/robots')).toBeNull();
    expect(robotSlugOfPath('/robots/a/b')).toBeNull();
    expect(robotSlugOfPath('/shop/robots/a')).toBeNull();
    expect(robotSlugOfPath('/RobotDetail?robotId=1')).toBeNull();
  });

  it('routes /robots/<slug> to the robot page, whatever the slug spells', () => {
    expect(resolvePage('/robots/orion-ea')).toBe('RobotDetail');
    expect(resolvePage('/robots/faq')).toBe('RobotDetail');
    expect(resolvePage('/robots/')).toBe('Home');
    expect(resolvePage('/robots/a/FAQ')).toBe('FAQ');
  });
});
