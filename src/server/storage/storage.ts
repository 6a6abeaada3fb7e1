import type { Readable } from 'node:stream';

/**
 * Where the shop keeps files: public images and private robot files. One interface, so the
 * local disk (the default) and an S3-compatible bucket (several instances) are interchangeable.
 *
 * Keys are made by the server, never taken from a request: `public/...` for files anyone may
 * fetch through /files/public/, `private/...` for files only our server hands out (downloads are
 * counted, DESIGN.md). A key is lower-case-safe path segments: no `..`, no leading slash.
 */
export interface Storage {
  /**
   * Stores the stream under `key`, replacing any file there. The whole stream is written first
   * under a temporary name and published only when complete, so a failed, refused or cut-off
   * upload leaves nothing behind. Over `maxBytes` it stops reading and throws
   * PayloadTooLargeError.
   */
  put(key: string, body: Readable, options?: PutOptions): Promise<StoredFile>;
  /**
   * The file's content as a stream, or null when there is no such file. With a range, only the
   * bytes from `start` to `end` (both included, as in HTTP's Range) are read; `size` is always
   * the whole file's.
   */
  open(key: string, range?: ByteRange): Promise<OpenedFile | null>;
  /** The file's size, or null when there is no such file. */
  stat(key: string): Promise<{ size: number } | null>;
  /** Removes the file; removing a file that is not there is not an error. */
  delete(key: string): Promise<void>;
  /**
   * A short-lived address from which a browser may fetch the file directly (an S3 presigned GET,
   * valid at most PRESIGNED_URL_MAX_SECONDS), or null when the storage has none and our server
   * must stream the file itself. Such a URL works any number of times until it expires, so
   * callers count a download before they hand it out.
   */
  downloadUrl(key: string, options?: DownloadUrlOptions): Promise<string | null>;
}

/** A presigned link outlives its first use; one minute is enough to follow a redirect. */
export const PRESIGNED_URL_MAX_SECONDS = 60;

export interface DownloadUrlOptions {
  /** The name the browser saves the file under (Content-Disposition: attachment). */
  fileName?: string;
  /** At most PRESIGNED_URL_MAX_SECONDS (the default); longer asks are shortened to it. */
  expiresInSeconds?: number;
}

export interface PutOptions {
  maxBytes?: number;
  contentType?: string;
}

export interface StoredFile {
  key: string;
  size: number;
}

export interface OpenedFile {
  stream: Readable;
  size: number;
}

/** Bytes `start` to `end` of a file, both included; `end` is at most the file's last byte. */
export interface ByteRange {
  start: number;
  end: number;
}

const keyPattern = /^(public|private)(\/[A-Za-z0-9][A-Za-z0-9._-]*)+$/;

/** Refuses keys that could leave the storage root or mean different things on disk and in S3. */
export function assertStorageKey(key: string): void {
  if (
    !keyPattern.test(key) ||
    key.split('/').some((segment) => segment === '.' || segment === '..') ||
    key.length > 512
  ) {
    throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  }
}
