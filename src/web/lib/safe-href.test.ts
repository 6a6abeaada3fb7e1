import { describe, expect, it } from 'vitest';
import { isWebLink, safeExternalHref } from './safe-href';

describe('safeExternalHref', () => {
  it('accepts web links and mail links', () => {
    expect(safeExternalHref('https://t.me/tradebot')).toBe('https://t.me/tradebot');
    expect(safeExternalHref(' mailto:support@example.com ')).toBe('mailto:support@example.com');
  });

  it('refuses script, data, relative and empty values', () => {
    expect(safeExternalHref('javascript:alert(1)')).toBeNull();
    expect(safeExternalHref('data:text/html,hi')).toBeNull();
    expect(safeExternalHref('/contact')).toBeNull();
    expect(safeExternalHref('')).toBeNull();
    expect(safeExternalHref(undefined)).toBeNull();
  });
});

describe('isWebLink', () => {
  it('tells web links from mail links', () => {
    expect(isWebLink('https://example.com')).toBe(true);
    expect(isWebLink('mailto:a@example.com')).toBe(false);
  });
});
