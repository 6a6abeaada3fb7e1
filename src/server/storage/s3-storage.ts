import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { StorageConfig } from '../config.js';
import { byteLimit } from './local-disk-storage.js';
import {
  assertStorageKey,
  PRESIGNED_URL_MAX_SECONDS,
  type ByteRange,
  type DownloadUrlOptions,
  type OpenedFile,
  type PutOptions,
  type Storage,
  type StoredFile,
} from './storage.js';

export type S3StorageConfig = Extract<StorageConfig, { kind: 's3' }>;

/** S3's smallest part; a file up to this size goes up in one PutObject, larger ones in parts. */
export const S3_PART_SIZE = 5 * 1024 * 1024;
/** Parts in flight at once: memory held per upload is about this many parts. */
const PARTS_IN_FLIGHT = 2;

/**
 * Files in an S3-compatible bucket, shared by every instance of the shop. An object appears only
 * when its upload completes (S3 publishes a PutObject or a completed multipart upload at once),
 * so a refused or cut-off upload never replaces the file already there; a multipart upload that
 * fails is aborted, so its parts are not left behind (a bucket lifecycle rule that aborts
 * incomplete multipart uploads catches those of a killed process, see README).
 */
export class S3Storage implements Storage {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: S3StorageConfig) {
    this.bucket = config.bucket;
    this.client = new S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      ...(config.credentials ? { credentials: config.credentials } : {}),
      forcePathStyle: config.forcePathStyle,
      // The SDK's default checksums (aws-chunked bodies with trailing CRCs) are not understood by
      // many S3-compatible servers; checksums are sent where the API requires them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: Readable, options: PutOptions = {}): Promise<StoredFile> {
    assertStorageKey(key);
    const counted = { bytes: 0 };
    const limited = byteLimit(options.maxBytes ?? Infinity, counted);
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.bucket,
        Key: key,
        Body: limited,
        ...(options.contentType ? { ContentType: options.contentType } : {}),
      },
      partSize: S3_PART_SIZE,
      queueSize: PARTS_IN_FLIGHT,
    });
    const feeding = pipeline(body, limited);
    // When S3 fails, stop reading the client's stream so the pipeline settles too.
    const uploading = upload.done().catch((error: unknown) => {
      limited.destroy(error instanceof Error ? error : new Error(String(error)));
      throw error;
    });
    // Both must settle before we answer: a refused upload is aborted (its parts deleted) by
    // upload.done() before it rejects.
    const [fed, uploaded] = await Promise.allSettled([feeding, uploading]);
    if (fed.status === 'rejected' || uploaded.status === 'rejected') {
      // Drain what the client is still sending, so it reads our answer instead of a reset.
      body.resume();
      // The stream's own failure (too large, cut off) says more than the upload's echo of it.
      throw fed.status === 'rejected' ? fed.reason : (uploaded as PromiseRejectedResult).reason;
    }
    return { key, size: counted.bytes };
  }

  async open(key: string, range?: ByteRange): Promise<OpenedFile | null> {
    assertStorageKey(key);
    try {
      const object = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      // A ranged answer gives the whole size after the slash of Content-Range ("bytes 0-99/2048").
      const size = range ? Number(object.ContentRange?.split('/')[1]) : object.ContentLength;
      return { stream: object.Body as Readable, size: size ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async stat(key: string): Promise<{ size: number } | null> {
    assertStorageKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async downloadUrl(key: string, options: DownloadUrlOptions = {}): Promise<string> {
    assertStorageKey(key);
    const expiresIn = Math.max(
      1,
      Math.min(options.expiresInSeconds ?? PRESIGNED_URL_MAX_SECONDS, PRESIGNED_URL_MAX_SECONDS),
    );
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ...(options.fileName ? { ResponseContentDisposition: attachment(options.fileName) } : {}),
    });
    return getSignedUrl(this.client, command, { expiresIn });
  }

  /** Closes the client's connections (at shutdown). */
  close(): void {
    this.client.destroy();
  }
}

/** S3 answers a missing object with NoSuchKey, or with a bare 404 to a HEAD request (NotFound). */
function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404)
  );
}

/** Content-Disposition for a download: an ASCII fallback name and the exact UTF-8 name (RFC 6266). */
export function attachment(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
