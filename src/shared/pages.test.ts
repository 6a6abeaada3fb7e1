import { describe, expect, it } from 'vitest';
import { PAGES, pagePath, resolvePage } from './pages.js';

describe('resolvePage', () => {
  it('resolves the root to Home', () => {
    expect(resolvePage('/')).toBe('Home');
    expect(resolvePage('')).toBe('Home');
  });

  it('ignores case', () => {
    expect(resolvePage('/home')).toBe('Home');
    expect(resolvePage('/HOME')).toBe('Home');
    expect(resolvePage('/faq')).toBe('FAQ');
    expect(resolvePage('/robotdetail')).toBe('RobotDetail');
    expect(resolvePage('/HEROBANNERMANAGEMENT')).toBe('HeroBannerManagement');
    expect(resolvePage('/resetpassword')).toBe('ResetPassword');
  });

  it('uses only the last path segment', () => {
    expect(resolvePage('/foo/Faq')).toBe('FAQ');
    expect(resolvePage('/Dashboard/Settings')).toBe('Settings');
    expect(resolvePage('/FAQ/unknown')).toBe('Home');
  });

  it('tolerates a trailing slash', () => {
    expect(resolvePage('/CopyTrade/')).toBe('CopyTrade');
  });

  it('falls back to Home for unknown pages', () => {
    expect(resolvePage('/nope')).toBe('Home');
    expect(resolvePage('/product.html')).toBe('Home');
  });

  it('decides on the path alone and leaves the query string to the page', () => {
    expect(resolvePage('/RobotDetail?robotId=42')).toBe('RobotDetail');
    expect(resolvePage('/OrderForm?robotId=42#summary')).toBe('OrderForm');
    expect(resolvePage('/?page=FAQ')).toBe('Home');
  });

  it('resolves every page from its own canonical path', () => {
    for (const page of PAGES) expect(resolvePage(pagePath(page))).toBe(page);
  });
});

describe('pagePath', () => {
  it('spells pages as the spec does, with Home at the root', () => {
    expect(pagePath('Home')).toBe('/');
    expect(pagePath('CopyTrade')).toBe('/CopyTrade');
  });
});
