import { describe, expect, it } from 'vitest';
import {
  isAllowedImageSrc,
  isAllowedLinkHref,
  isBlankHtml,
  isExternalLink,
  keepEditorClasses,
  keepTextAlign,
} from './rich-text-rules.js';

// DOMPurify itself needs a DOM, which Vitest's node environment lacks and no installed package
// provides; the whole sanitiser is exercised in Chromium by
// tests/e2e/stored-html-cannot-run-scripts.spec.ts. These are the rules it applies.

const ORIGIN = 'https://shop.example.com';

describe('isAllowedLinkHref', () => {
  it('accepts the protocols of the editor: http, https, mailto and tel', () => {
    expect(isAllowedLinkHref('https://www.mql5.com/en/articles', ORIGIN)).toBe(true);
    expect(isAllowedLinkHref('http://example.com', ORIGIN)).toBe(true);
    expect(isAllowedLinkHref('mailto:support@example.com', ORIGIN)).toBe(true);
    expect(isAllowedLinkHref('tel:+33123456789', ORIGIN)).toBe(true);
  });

  it('accepts links to pages of this site, which resolve to https', () => {
    expect(isAllowedLinkHref('/FAQ', ORIGIN)).toBe(true);
  });

  it('refuses script, data and other protocols, however they are spelt', () => {
    expect(isAllowedLinkHref('javascript:alert(1)', ORIGIN)).toBe(false);
    expect(isAllowedLinkHref(' JaVaScRiPt:alert(1)', ORIGIN)).toBe(false);
    expect(isAllowedLinkHref('java\tscript:alert(1)', ORIGIN)).toBe(false);
    expect(isAllowedLinkHref('data:text/html,<script>alert(1)</script>', ORIGIN)).toBe(false);
    expect(isAllowedLinkHref('vbscript:msgbox(1)', ORIGIN)).toBe(false);
    expect(isAllowedLinkHref('ftp://example.com/file', ORIGIN)).toBe(false);
    expect(isAllowedLinkHref('', ORIGIN)).toBe(false);
  });
});

describe('isExternalLink', () => {
  it('tells other sites from this one', () => {
    expect(isExternalLink('https://www.metatrader5.com/en/releasenotes', ORIGIN)).toBe(true);
    expect(isExternalLink('https://shop.example.com/FAQ', ORIGIN)).toBe(false);
    expect(isExternalLink('/Update', ORIGIN)).toBe(false);
  });

  it('does not count mail and phone links as web pages', () => {
    expect(isExternalLink('mailto:support@example.com', ORIGIN)).toBe(false);
    expect(isExternalLink('tel:+33123456789', ORIGIN)).toBe(false);
  });
});

describe('isAllowedImageSrc', () => {
  it('accepts http(s) images and paths on this site', () => {
    expect(isAllowedImageSrc('https://cdn.example.com/chart.png')).toBe(true);
    expect(isAllowedImageSrc('http://cdn.example.com/chart.png')).toBe(true);
    expect(isAllowedImageSrc('/files/public/chart.png')).toBe(true);
  });

  it('refuses data, script and protocol-relative sources', () => {
    expect(isAllowedImageSrc('data:image/svg+xml,<svg onload=alert(1)>')).toBe(false);
    expect(isAllowedImageSrc('javascript:alert(1)')).toBe(false);
    expect(isAllowedImageSrc('//evil.example.com/x.png')).toBe(false);
    expect(isAllowedImageSrc('/\\evil.example.com/x.png')).toBe(false);
    expect(isAllowedImageSrc('chart.png')).toBe(false);
    expect(isAllowedImageSrc('')).toBe(false);
  });
});

describe('keepEditorClasses', () => {
  it("keeps Quill's alignment and indent classes only", () => {
    expect(keepEditorClasses('ql-align-center')).toBe('ql-align-center');
    expect(keepEditorClasses('ql-indent-2 evil ql-align-right')).toBe('ql-indent-2 ql-align-right');
    expect(keepEditorClasses('fixed inset-0 z-50')).toBe('');
    expect(keepEditorClasses('ql-indent-9 ql-video')).toBe('');
  });
});

describe('keepTextAlign', () => {
  it('keeps a lone text-align declaration', () => {
    expect(keepTextAlign('text-align: center;')).toBe('text-align: center');
    expect(keepTextAlign('TEXT-ALIGN:Right')).toBe('text-align: right');
  });

  it('drops anything else, including text-align mixed with other declarations', () => {
    expect(keepTextAlign('position: fixed; inset: 0')).toBe('');
    expect(keepTextAlign('text-align: center; background: url(https://evil.example.com/x)')).toBe('');
    expect(keepTextAlign('text-align: expression(alert(1))')).toBe('');
  });
});

describe('isBlankHtml', () => {
  it('sees an empty editor as blank', () => {
    expect(isBlankHtml('')).toBe(true);
    expect(isBlankHtml('<p><br></p>')).toBe(true);
    expect(isBlankHtml('<p>&nbsp;</p>  ')).toBe(true);
  });

  it('sees text or an image as content', () => {
    expect(isBlankHtml('<p>Hello</p>')).toBe(false);
    expect(isBlankHtml('<p><img src="/files/public/a.png" alt=""></p>')).toBe(false);
  });
});
