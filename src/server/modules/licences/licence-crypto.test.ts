import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TradeBotLicense, type RobotTerminal } from '../../../../tests/support/licence-robot-client.js';
import { deriveLicenceKeys, keyedHash, open, seal, SealedValueError } from './licence-crypto.js';

describe('licence crypto', () => {
  it('derives four different keys from one secret, the same on every instance sharing it', () => {
    const secret = randomBytes(32).toString('hex');
    const keys = deriveLicenceKeys(secret);
    const values = Object.values(keys).map((key) => key.toString('hex'));
    expect(new Set(values).size).toBe(4);
    expect(Object.values(deriveLicenceKeys(secret)).map((key) => key.toString('hex'))).toEqual(values);
    expect(deriveLicenceKeys(`${secret}x`).lookup.equals(keys.lookup)).toBe(false);
  });

  it('seals with AES-256-GCM: opens with the key and the row it was sealed for, and nothing else', () => {
    const key = randomBytes(32);
    const sealed = seal(key, 'TB-SECRET', 'row-1');
    expect(sealed).not.toContain('TB-SECRET');
    expect(seal(key, 'TB-SECRET', 'row-1')).not.toBe(sealed);
    expect(open(key, sealed, 'row-1')).toBe('TB-SECRET');
    expect(() => open(key, sealed, 'row-2')).toThrow(SealedValueError);
    expect(() => open(randomBytes(32), sealed, 'row-1')).toThrow(SealedValueError);
    const [prefix, iv, body, tag] = sealed.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0]! ^= 1;
    expect(() => open(key, [prefix, iv, flipped.toString('base64url'), tag].join('.'), 'row-1')).toThrow(
      SealedValueError,
    );
    expect(() => open(key, 'plain text', 'row-1')).toThrow(SealedValueError);
  });

  it('hashes keys with HMAC-SHA256 under the lookup key', () => {
    const key = randomBytes(32);
    expect(keyedHash(key, 'ABC')).toBe(createHmac('sha256', key).update('ABC').digest('hex'));
  });

  it("builds the robot client's HMAC from SHA-256 exactly as HMAC-SHA256, for keys shorter and longer than a block", () => {
    const client = new TradeBotLicense({} as RobotTerminal);
    for (const keyLength of [0, 1, 32, 63, 64, 65, 200]) {
      const key = randomBytes(keyLength).toString('latin1');
      for (const message of ['', 'payload', 'x'.repeat(1000)]) {
        expect(client.HmacSha256Hex(key, message), `key ${keyLength}`).toBe(
          createHmac('sha256', Buffer.from(key, 'latin1')).update(message).digest('hex'),
        );
      }
    }
  });
});
