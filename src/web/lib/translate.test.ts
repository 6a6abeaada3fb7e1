import { describe, expect, it } from 'vitest';
import { i18n, translate } from './translate';

i18n.addCatalogue('en', {
  greeting: 'Hello {{name}}, {{ name }} again',
  days_one: '{{count}} day',
  days_other: '{{count}} days',
  nested: { deeper: { text: 'deep' } },
  list: { a: 'A', b: 'B' },
});
i18n.addCatalogue('fr', { days_one: '{{count}} jour', days_other: '{{count}} jours' });

describe('translate', () => {
  it('reads nested keys and fills {{names}}, spaces inside the braces allowed', () => {
    i18n.changeLanguage('en');
    expect(translate('nested.deeper.text')).toBe('deep');
    expect(translate('greeting', { name: 'Ada' })).toBe('Hello Ada, Ada again');
  });

  it('keeps a placeholder whose value is missing, as i18next does', () => {
    i18n.changeLanguage('en');
    expect(translate('greeting')).toBe('Hello {{name}}, {{ name }} again');
  });

  it('picks the plural form by the language rules: French counts 0 and 1 as one', () => {
    i18n.changeLanguage('en');
    expect([0, 1, 2].map((count) => translate('days', { count }))).toEqual(['0 days', '1 day', '2 days']);
    i18n.changeLanguage('fr');
    expect([0, 1, 2].map((count) => translate('days', { count }))).toEqual(['0 jour', '1 jour', '2 jours']);
  });

  it('tries a list of keys in turn, then the default value, then shows the key', () => {
    i18n.changeLanguage('en');
    expect(translate(['missing.one', 'nested.deeper.text'])).toBe('deep');
    expect(translate(['missing.one', 'missing.two'], { defaultValue: 'Terms of {{what}}', what: 'sale' })).toBe(
      'Terms of sale',
    );
    expect(translate('missing.key')).toBe('missing.key');
  });

  it('returns an object only when asked to', () => {
    i18n.changeLanguage('en');
    expect(translate('list', { returnObjects: true })).toEqual({ a: 'A', b: 'B' });
    expect(translate('list')).toBe('list');
  });

  it('tells subscribers when the language changes, and only then', () => {
    i18n.changeLanguage('en');
    let calls = 0;
    const unsubscribe = i18n.subscribe(() => (calls += 1));
    i18n.changeLanguage('fr');
    i18n.changeLanguage('fr');
    unsubscribe();
    i18n.changeLanguage('en');
    expect(calls).toBe(1);
  });
});
