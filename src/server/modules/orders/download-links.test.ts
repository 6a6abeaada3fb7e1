import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DownloadLinks } from './download-links.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

describe('download links', () => {
  const links = new DownloadLinks('an auth secret of at least thirty-two characters');
  const file = 'private/orders/o1/robot.zip';

  /** A link whose MAC holds a '-' or '_', so that it has a standard-base64 twin. */
  function linkWithDashOrUnderscore(): { payload: string; mac: string } {
    for (let shift = 0; ; shift++) {
      const token = links.sign('download-1', file, Date.now() + 3_600_000 - shift * 1000);
      const mac = token.split('.').pop()!;
      if (/[-_]/.test(mac)) return { payload: token.slice(0, -mac.length), mac };
    }
  }

  it('says which download and file a link is for, and when it expires', () => {
    const expires = Date.now() + 3_600_000;
    const claims = links.verify(links.sign('download-1', file, expires))!;
    expect(claims).toMatchObject({ downloadId: 'download-1' });
    expect(claims.expiresAtMs).toBe(Math.floor(expires / 1000) * 1000);
    expect(claims.matches(file)).toBe(true);
    expect(claims.matches('private/orders/o1/other.zip')).toBe(false);
  });

  it('refuses every spelling of the MAC but the canonical base64url one', () => {
    const { payload, mac } = linkWithDashOrUnderscore();
    expect(links.verify(payload + mac)).not.toBeNull();
    const last = ALPHABET.indexOf(mac.at(-1)!);
    const variants = [
      mac.replaceAll('-', '+').replaceAll('_', '/'),
      `${mac}==`,
      `${mac}=`,
      // The last character's 4 low bits are not part of the 16 bytes.
      `${mac.slice(0, -1)}${ALPHABET[(last & 0b110000) | ((last + 1) & 0b001111)]}`,
      `${mac.slice(0, -1)}${ALPHABET[(last & 0b110000) | 0b001111]}`,
      ` ${mac}`,
    ];
    for (const variant of variants) {
      expect(Buffer.from(variant, 'base64url').equals(Buffer.from(mac, 'base64url')), variant).toBe(true);
      expect(links.verify(payload + variant), variant).toBeNull();
    }
  });

  it('refuses altered links, links of another key and links signed before links were counted', () => {
    const expires = Date.now() + 3_600_000;
    const token = links.sign('download-1', file, expires);
    expect(links.verify(token.replace('download-1', 'download-2'))).toBeNull();
    expect(
      links.verify(
        `${token.split('.')[0]}.${(Math.floor(expires / 1000) + 60).toString(36)}.${token.split('.').slice(2).join('.')}`,
      ),
    ).toBeNull();
    expect(new DownloadLinks('another auth secret of thirty-two characters').verify(token)).toBeNull();
    // The earlier form: `<order id>.<expiry>.<file tag>.<MAC>`, with the key of its own label.
    const secret = 'an auth secret of at least thirty-two characters';
    const oldKey = createHmac('sha256', secret).update('tradebot-store download links').digest();
    const payload = `order-1.${Math.floor(expires / 1000).toString(36)}.${DownloadLinks.fileTag(file)}`;
    const oldMac = createHmac('sha256', oldKey).update(payload).digest().subarray(0, 16).toString('base64url');
    expect(links.verify(`${payload}.${oldMac}`)).toBeNull();
  });

  it('answers the claims of an expired link, for the caller to refuse and log', () => {
    const claims = links.verify(links.sign('download-1', file, Date.now() - 1000));
    expect(claims!.expiresAtMs).toBeLessThan(Date.now());
  });
});
