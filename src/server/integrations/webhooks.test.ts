import { describe, expect, it } from 'vitest';
import { isRefusedAddress } from './webhooks.js';

describe('outbound address check', () => {
  it.each(['169.254.169.254', '169.254.0.1', 'fe80::1', 'febf:ffff::1', '::ffff:169.254.169.254', '::ffff:a9fe:a9fe'])(
    'refuses the link-local address %s',
    (address) => {
      expect(isRefusedAddress(address)).toBe(true);
    },
  );

  it.each([
    '127.0.0.1',
    '::1',
    '10.0.0.5',
    '192.168.1.20',
    '172.17.0.2',
    'fd00::1',
    '93.184.216.34',
    '169.253.255.255',
    '169.255.0.1',
  ])('allows %s: loopback and private networks host workflows next to the shop', (address) => {
    expect(isRefusedAddress(address)).toBe(false);
  });
});
