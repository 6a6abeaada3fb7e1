import { describe, expect, it } from 'vitest';
import { categoryInputSchema, categoryKeyFromName } from './catalogue.js';

describe('category keys and names', () => {
  it('makes a key from a name: lower case, no punctuation, spaces as underscores, accents dropped', () => {
    expect(categoryKeyFromName('Gold Traders!')).toBe('gold_traders');
    expect(categoryKeyFromName('  Trend   Followers ')).toBe('trend_followers');
    // A name typed in French keeps its letters (SPEC §5 spoke of English names only).
    expect(categoryKeyFromName('Robots sur l’or, très prudents')).toBe('robots_sur_lor_tres_prudents');
  });

  it('takes a name in each language, at least one written', () => {
    expect(categoryInputSchema.parse({ name: { fr: ' Scalpers Forex ' }, key: 'forex' })).toEqual({
      name: { en: '', fr: 'Scalpers Forex' },
      key: 'forex',
    });
    expect(categoryInputSchema.safeParse({ name: { en: '', fr: ' ' }, key: 'forex' }).success).toBe(false);
    expect(categoryInputSchema.safeParse({ name: 'Forex', key: 'forex' }).success).toBe(false);
  });
});
