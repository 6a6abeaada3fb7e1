import path from 'node:path';
import type { Config } from '../config.js';
import { LocalDiskStorage } from './local-disk-storage.js';
import { S3Storage } from './s3-storage.js';
import type { Storage } from './storage.js';

/** The storage the configuration names (STORAGE): DATA_DIR/storage by default, or a bucket. */
export function createStorage(config: Pick<Config, 'storage' | 'dataDir'>): Storage & { close?(): void } {
  return config.storage.kind === 's3'
    ? new S3Storage(config.storage)
    : new LocalDiskStorage(path.join(config.dataDir, 'storage'));
}
