import path from 'node:path';
import type { Config } from '../config.js';
import { LocalDiskStorage } from './local-disk-storage.js';
import type { Storage } from './storage.js';

/**
 * The storage the configuration names (STORAGE): DATA_DIR/storage by default, or a bucket. The S3
 * client is loaded only for a bucket: the AWS SDK holds some 20 MB of a process's memory, which a
 * shop on its own disk should not carry (issue 21 §5).
 */
export async function createStorage(
  config: Pick<Config, 'storage' | 'dataDir'>,
): Promise<Storage & { close?(): void }> {
  if (config.storage.kind !== 's3') return new LocalDiskStorage(path.join(config.dataDir, 'storage'));
  const { S3Storage } = await import('./s3-storage.js');
  return new S3Storage(config.storage);
}
