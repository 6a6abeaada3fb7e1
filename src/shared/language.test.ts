import { describe, expect, it } from 'vitest';
import { resolveLanguage, toLanguage } from './language.js';

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
