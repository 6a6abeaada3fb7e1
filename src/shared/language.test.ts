import { describe, expect, it } from 'vitest';
import { addressInLanguage, languageOfAddress, resolveLanguage, toLanguage } from './language.js';

describe('toLanguage', () => {
  it('keeps the primary subtag of a supported language', () => {
    expect(toLanguage('fr-CA')).toBe('fr');
    expect(toLanguage('EN-us')).toBe('en');
  });

  it('rejects unsupported or empty tags', () => {
    expect(toLanguage('de-DE')).toBeNull();
    expect(toLanguage('')).toBeNull();
    expect(toLanguage(null)).toBeNull();
  });
});

describe('resolveLanguage', () => {
  it("prefers the visitor's stored choice", () => {
    expect(resolveLanguage({ stored: 'en', adminDefault: 'fr', browser: ['fr-FR'] })).toBe('en');
  });

  it("uses the administrator's default when nothing is stored", () => {
    expect(resolveLanguage({ stored: null, adminDefault: 'fr', browser: ['en-GB'] })).toBe('fr');
  });

  it("uses the browser's first supported language when there is no usable default", () => {
    expect(resolveLanguage({ stored: null, adminDefault: '', browser: ['de-DE', 'fr-BE', 'en'] })).toBe('fr');
  });

  it('falls back to English', () => {
    expect(resolveLanguage({ stored: 'xx', adminDefault: 'de', browser: ['es-ES'] })).toBe('en');
    expect(resolveLanguage({ stored: null, adminDefault: null, browser: [] })).toBe('en');
  });
});

describe('the language a page address names', () => {
  it('reads ?lang= from a path with its query or from a query alone', () => {
    expect(languageOfAddress('/FAQ?lang=fr')).toBe('fr');
    expect(languageOfAddress('?utm_source=x&lang=en#top')).toBe('en');
    expect(languageOfAddress(new URLSearchParams('lang=FR-ca'))).toBe('fr');
  });

  it('ignores an absent, empty or unsupported value', () => {
    expect(languageOfAddress('/FAQ')).toBeNull();
    expect(languageOfAddress('/FAQ?lang=')).toBeNull();
    expect(languageOfAddress('/FAQ?lang=de')).toBeNull();
    expect(languageOfAddress('/FAQ?language=fr')).toBeNull();
  });

  it('writes the address of a page in a language, other parameters kept', () => {
    expect(addressInLanguage('/', 'fr')).toBe('/?lang=fr');
    expect(addressInLanguage('/robots/orion-ea', 'en')).toBe('/robots/orion-ea?lang=en');
    expect(addressInLanguage('/Compare?robots=a,b&lang=en#top', 'fr')).toBe('/Compare?robots=a%2Cb&lang=fr#top');
  });
});
