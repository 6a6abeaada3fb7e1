import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PayloadTooLargeError } from '../errors.js';
import { FileReader } from './file-reader.js';
import {
  assertStorageKey,
  type ByteRange,
  type OpenedFile,
  type PutOptions,
  type Storage,
  type StoredFile,
} from './storage.js';

/** Counts bytes as they pass and fails the pipeline as soon as there are too many. */
export function byteLimit(maxBytes: number, counted: { bytes: number }): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      counted.bytes += chunk.length;
      if (counted.bytes > maxBytes) {
        callback(new PayloadTooLargeError(`The file is larger than ${Math.floor(maxBytes / (1024 * 1024))} MB.`));
        return;
      }
      callback(null, chunk);
    },
  });
}

/**
 * Files under DATA_DIR/storage. Uploads go to `.partial/` first (same file system, so the final
 * rename is atomic); whatever a killed process left there is removed at start.
 */
export class LocalDiskStorage implements Storage {
  private readonly partialDir: string;

  constructor(private readonly root: string) {
    this.partialDir = path.join(root, '.partial');
    rmSync(this.partialDir, { recursive: true, force: true });
    mkdirSync(this.partialDir, { recursive: true });
  }

  private pathOf(key: string): string {
    assertStorageKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, body: Readable, options: PutOptions = {}): Promise<StoredFile> {
    const target = this.pathOf(key);
    const partial = path.join(this.partialDir, randomUUID());
    const counted = { bytes: 0 };
    const writer = createWriteStream(partial, { flags: 'wx', flush: true });
    try {
      await pipeline(body, byteLimit(options.maxBytes ?? Infinity, counted), writer);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(partial, target);
    } catch (error) {
      // Drain what the client is still sending, so it reads our answer instead of a reset.
      body.resume();
      // A refusal can come before the file is even open: wait until the writer has closed, or
      // the file would be created after it was removed.
      if (!writer.closed) await new Promise<void>((resolve) => writer.once('close', () => resolve()));
      await rm(partial, { force: true });
      throw error;
    }
    return { key, size: counted.bytes };
  }

  async open(key: string, range?: ByteRange): Promise<OpenedFile | null> {
    const file = this.pathOf(key);
    const found = await this.stat(key);
    if (!found) return null;
    return {
      stream: new FileReader(file, range?.start ?? 0, range ? range.end + 1 : found.size),
      size: found.size,
    };
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const stats = await stat(this.pathOf(key));
      return stats.isFile() ? { size: stats.size } : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  /** Files on our disk have no address of their own: the server streams them. */
  async downloadUrl(key: string): Promise<string | null> {
    this.pathOf(key);
    return null;
  }
}
