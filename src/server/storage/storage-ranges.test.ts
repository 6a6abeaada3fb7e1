import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../../tests/support/s3-server.js';
import { LocalDiskStorage } from './local-disk-storage.js';
import { S3Storage } from './s3-storage.js';
import type { Storage } from './storage.js';

let s3: TestS3Server;
let root: string;
beforeAll(async () => {
  s3 = await startS3Server();
  root = mkdtempSync(path.join(tmpdir(), 'tradebot-storage-ranges-'));
});
afterAll(async () => {
  await s3.close();
  rmSync(root, { recursive: true, force: true });
});

const storages: [string, () => Storage & { close?(): void }][] = [
  ['local disk', () => new LocalDiskStorage(root)],
  ['S3', () => new S3Storage(s3.config)],
];

// Resumed downloads read a file from the middle: both storages must serve the same bytes.
describe.each(storages)('%s: sizes and byte ranges', (_name, create) => {
  const content = Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251));

  it('tells a file size, and null for a missing file', async () => {
    const storage = create();
    try {
      await storage.put('private/orders/r1/robot.ex5', Readable.from([content]));
      expect(await storage.stat('private/orders/r1/robot.ex5')).toEqual({ size: 5000 });
      expect(await storage.stat('private/orders/r1/missing.ex5')).toBeNull();
    } finally {
      storage.close?.();
    }
  });

  it('opens a byte range, both ends included, and gives the whole size', async () => {
    const storage = create();
    try {
      await storage.put('private/orders/r2/robot.ex5', Readable.from([content]));
      // Not [0, 0]: the test S3 server (s3rver) reads an end of 0 as "to the end"; S3 does not.
      for (const [start, end] of [
        [0, 1],
        [0, 4999],
        [1000, 1999],
        [4999, 4999],
      ] as const) {
        const opened = await storage.open('private/orders/r2/robot.ex5', { start, end });
        expect(opened!.size).toBe(5000);
        expect((await buffer(opened!.stream)).equals(content.subarray(start, end + 1))).toBe(true);
      }
      expect(await storage.open('private/orders/r2/missing.ex5', { start: 0, end: 9 })).toBeNull();
    } finally {
      storage.close?.();
    }
  });
});
