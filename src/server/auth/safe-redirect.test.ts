import { describe, expect, it } from 'vitest';
import { isSafeRedirect } from './safe-redirect.js';

const own = ['https://shop.example'];

describe('redirect targets after sign-in', () => {
  it.each(['/', '/Dashboard', '/RobotDetail?robotId=abc', 'https://shop.example/OrderForm?robotId=1'])(
    'accepts %s',
    (target) => {
      expect(isSafeRedirect(target, own)).toBe(true);
    },
  );

  it.each([
    '//evil.example',
    'https://evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    'https://shop.example.evil.example/',
    'https://shop.example@evil.example/',
    'javascript:alert(1)',
    'data:text/html,hi',
    '/\tevil',
    '',
    'evil.example',
    // Dot segments that a browser or better-auth resolves to "//evil.example".
    '/.//evil.example',
    '/..//evil.example',
    '/x/..//evil.example',
    '/%2e%2e//evil.example',
    '/x/%2E.//evil.example',
    'https://shop.example/.//evil.example',
  ])('refuses %j', (target) => {
    expect(isSafeRedirect(target, own)).toBe(false);
  });
});
