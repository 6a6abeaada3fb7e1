import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** What a valid link says: its download (one link, one download; the download knows its order), and its file. */
export interface DownloadLinkClaims {
  downloadId: string;
  expiresAtMs: number;
  /** The file the link was made for: a replaced file does not answer older links. */
  fileTag: string;
  matches(fileKey: string): boolean;
}

/**
 * Download links signed by our server (SPEC §7: a signed URL valid 3600 s). The link itself is the
 * proof, so a download manager can fetch it without the session; the key is derived from the auth
 * secret, so links survive restarts and work on every instance that shares it.
 *
 * A token is `<download id>.<expiry, Unix seconds in base 36>.<file tag>.<MAC>`, within the
 * router's 100 characters for a path segment. The download id names the row of `order_downloads`
 * counted when the link was issued, which belongs to one order: that row decides, at each fetch,
 * whether the link still answers (decision 0008). The key's label changed with this form, so links
 * of the earlier form (`<order id>.…`, not counted per use) are refused.
 */
export class DownloadLinks {
  private readonly key: Buffer;

  constructor(secret: string | undefined) {
    this.key = createHmac('sha256', secret ?? randomBytes(32))
      .update('tradebot-store download links, one download each')
      .digest();
  }

  private mac(payload: string): Buffer {
    return createHmac('sha256', this.key).update(payload).digest().subarray(0, 16);
  }

  /** A short, stable name for a stored file; also its ETag, so that a resumed download is of the same file. */
  static fileTag(fileKey: string): string {
    return createHash('sha256').update(fileKey).digest().subarray(0, 8).toString('base64url');
  }

  sign(downloadId: string, fileKey: string, expiresAtMs: number): string {
    const payload = `${downloadId}.${Math.floor(expiresAtMs / 1000).toString(36)}.${DownloadLinks.fileTag(fileKey)}`;
    return `${payload}.${this.mac(payload).toString('base64url')}`;
  }

  /**
   * The claims of an unaltered link, expired or not (the caller refuses an expired one, and logs
   * it), else null. Only one spelling of the MAC is valid: Node decodes standard base64 ('+', '/',
   * '=') as base64url too, and ignores the unused low bits of the last character, so several
   * strings decode to the same bytes. The given text must be the canonical base64url encoding of
   * what it decodes to, compared in constant time, then the bytes with the expected MAC.
   */
  verify(token: string): DownloadLinkClaims | null {
    const parts = token.split('.');
    if (parts.length !== 4) return null;
    const [downloadId, expiry, tag, mac] = parts as [string, string, string, string];
    const given = Buffer.from(mac, 'base64url');
    const canonical = Buffer.from(given.toString('base64url'));
    const spelled = Buffer.from(mac);
    if (canonical.length !== spelled.length || !timingSafeEqual(canonical, spelled)) return null;
    const expected = this.mac(`${downloadId}.${expiry}.${tag}`);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    if (!/^[0-9a-z]{1,10}$/.test(expiry)) return null;
    return {
      downloadId,
      expiresAtMs: Number.parseInt(expiry, 36) * 1000,
      fileTag: tag,
      matches: (fileKey) => DownloadLinks.fileTag(fileKey) === tag,
    };
  }
}
