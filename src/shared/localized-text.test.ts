import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  contentLanguage,
  fromColumns,
  listIn,
  parseStoredList,
  sortByText,
  textIn,
  toColumns,
  withTranslations,
} from './localized-text.js';
import {
  localizedListPatchSchema,
  localizedListSchema,
  localizedTextPatchSchema,
  localizedTextSchema,
} from './schemas/localized-text.js';
import { settingRows } from './settings-keys.js';

describe('localized text', () => {
  it("gives the reader's translation, else the shop's content language, else whichever exists", () => {
    expect(textIn({ en: 'Hello', fr: 'Bonjour' }, 'fr', 'en')).toBe('Bonjour');
    expect(textIn({ en: 'Hello', fr: '  ' }, 'fr', 'en')).toBe('Hello');
    expect(textIn({ en: '', fr: 'Bonjour' }, 'en', 'en')).toBe('Bonjour');
    expect(textIn({ en: '', fr: '' }, 'en', 'fr')).toBe('');
  });

  it("sorts records by their text in the reader's language, a missing translation sorted as its fallback", () => {
    const categories = [
      { key: 'gold', name: { en: 'Gold Traders', fr: 'Robots sur l’or' } },
      { key: 'trend', name: { en: 'Trend Followers', fr: 'Suiveurs de tendance' } },
      { key: 'grid', name: { en: 'Grid Bots', fr: '' } },
      { key: 'ecart', name: { en: 'Spread Hunters', fr: 'Écarts serrés' } },
    ];
    const keys = (language: 'en' | 'fr') =>
      sortByText(categories, (category) => category.name, language, 'en').map((category) => category.key);
    expect(keys('en')).toEqual(['gold', 'grid', 'ecart', 'trend']);
    // 'Écarts' sorts with the e's in French, 'Grid Bots' (untranslated) where its English name falls.
    expect(keys('fr')).toEqual(['ecart', 'grid', 'gold', 'trend']);
    expect(categories.map((category) => category.key)).toEqual(['gold', 'trend', 'grid', 'ecart']);
  });

  it("falls back to English when the shop follows each visitor's browser", () => {
    expect(contentLanguage('')).toBe('en');
    expect(contentLanguage('fr')).toBe('fr');
    expect(contentLanguage('de')).toBe('en');
  });

  it('requires one language of a required field, trims and bounds each', () => {
    const schema = localizedTextSchema({ max: 5, required: true });
    expect(schema.parse({ en: ' Hi ', fr: '' })).toEqual({ en: 'Hi', fr: '' });
    expect(schema.parse({ fr: 'Salut' })).toEqual({ en: '', fr: 'Salut' });
    expect(schema.safeParse({ en: ' ', fr: '' }).success).toBe(false);
    expect(schema.safeParse({ en: 'toolong', fr: '' }).success).toBe(false);
    expect(localizedTextSchema({ max: 5, required: false }).parse({})).toEqual({ en: '', fr: '' });
  });

  it('leaves a language an update does not send out, so it stays as stored; one sent empty is cleared', () => {
    const schema = localizedTextPatchSchema({ max: 5, required: true });
    expect(schema.parse({ fr: ' Salut ' })).toEqual({ fr: 'Salut' });
    expect(schema.parse({ en: '' })).toEqual({ en: '' });
    expect(schema.parse({})).toEqual({});
    // Only an update sending every language empty is known at once to leave nothing written.
    expect(schema.safeParse({ en: ' ', fr: '' }).success).toBe(false);
    expect(localizedTextPatchSchema({ max: 5, required: false }).parse({ en: '', fr: '' })).toEqual({ en: '', fr: '' });
    expect(schema.safeParse({ en: 'toolong' }).success).toBe(false);
    expect(withTranslations({ en: 'Hi', fr: 'Salut' }, { fr: '' })).toEqual({ en: 'Hi', fr: '' });
    expect(withTranslations({ en: 'Hi', fr: 'Salut' }, {})).toEqual({ en: 'Hi', fr: 'Salut' });
  });

  it('writes the columns, and the settings rows, of the languages sent only', () => {
    expect(toColumns('question', { fr: '' })).toEqual({ question_fr: '' });
    expect(settingRows({ hero_title: { fr: 'Bonjour' }, site_name: 'Shop' })).toEqual({
      hero_title_fr: 'Bonjour',
      site_name: 'Shop',
    });
  });

  it('maps to and from columns', () => {
    expect(toColumns('question', { en: 'Q', fr: 'QF' })).toEqual({ question_en: 'Q', question_fr: 'QF' });
    expect(fromColumns({ question_en: 'Q', question_fr: null }, 'question')).toEqual({ en: 'Q', fr: '' });
  });
});

describe('localized lists', () => {
  it("gives the reader's list, else the shop's content language's, else whichever exists", () => {
    expect(listIn({ en: ['Fast'], fr: ['Rapide'] }, 'fr', 'en')).toEqual(['Rapide']);
    expect(listIn({ en: ['Fast'], fr: [] }, 'fr', 'en')).toEqual(['Fast']);
    expect(listIn({ en: [], fr: ['Rapide'] }, 'en', 'en')).toEqual(['Rapide']);
    expect(listIn({ en: [], fr: [] }, 'en', 'fr')).toEqual([]);
  });

  it('reads a stored list, and anything else as an empty one', () => {
    expect(parseStoredList('["a","b"]')).toEqual(['a', 'b']);
    expect(parseStoredList('[1,"a"]')).toEqual(['a']);
    expect(parseStoredList('{"a":1}')).toEqual([]);
    expect(parseStoredList('not json')).toEqual([]);
    expect(parseStoredList(null)).toEqual([]);
  });

  it('checks each language of a list on its own and fills a missing one', () => {
    const schema = localizedListSchema(z.string().trim().min(1), 2);
    expect(schema.parse({ en: [' a '] })).toEqual({ en: ['a'], fr: [] });
    expect(schema.safeParse({ en: [], fr: ['a', 'b', 'c'] }).success).toBe(false);
    expect(schema.safeParse({ en: [''], fr: [] }).success).toBe(false);
  });

  it('leaves a list an update does not send out, so it stays as stored', () => {
    const schema = localizedListPatchSchema(z.string().trim().min(1), 2);
    expect(schema.parse({ fr: [' a '] })).toEqual({ fr: ['a'] });
    expect(schema.parse({ en: [] })).toEqual({ en: [] });
    expect(schema.safeParse({ fr: ['a', 'b', 'c'] }).success).toBe(false);
  });
});
