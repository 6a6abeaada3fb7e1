import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Download links signed by our server (SPEC §7: a signed URL valid 3600 s). The link itself is the
 * proof, so a download manager can fetch it without the session; the count was taken when the
 * link was issued. The key is derived from the auth secret, so links survive restarts and work on
 * every instance that shares it.
 *
 * A token is `<order id>.<expiry, Unix seconds in base 36>.<file tag>.<MAC>`, short enough for a
 * path segment. The file tag ties it to the file it was made for: a replaced file does not answer
 * older links.
 */
export class DownloadLinks {
  private readonly key: Buffer;

  constructor(secret: string | undefined) {
    this.key = createHmac('sha256', secret ?? randomBytes(32))
      .update('tradebot-store download links')
      .digest();
  }

  private mac(payload: string): Buffer {
    return createHmac('sha256', this.key).update(payload).digest().subarray(0, 16);
  }

  private static fileTag(fileKey: string): string {
    return createHash('sha256').update(fileKey).digest().subarray(0, 8).toString('base64url');
  }

  sign(orderId: string, fileKey: string, expiresAtMs: number): string {
    const payload = `${orderId}.${Math.floor(expiresAtMs / 1000).toString(36)}.${DownloadLinks.fileTag(fileKey)}`;
    return `${payload}.${this.mac(payload).toString('base64url')}`;
  }

  /** The link's order while the link is valid and unaltered, else null; `matches` checks the file. */
  verify(token: string, nowMs = Date.now()): { orderId: string; matches: (fileKey: string) => boolean } | null {
    const parts = token.split('.');
    if (parts.length !== 4) return null;
    const [orderId, expiry, tag, mac] = parts as [string, string, string, string];
    const expected = this.mac(`${orderId}.${expiry}.${tag}`);
    const given = Buffer.from(mac, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    if (!/^[0-9a-z]{1,10}$/.test(expiry) || Number.parseInt(expiry, 36) * 1000 <= nowMs) return null;
    return { orderId, matches: (fileKey) => DownloadLinks.fileTag(fileKey) === tag };
  }
}
