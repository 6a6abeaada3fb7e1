import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PayloadTooLargeError } from '../errors.js';
import type { Storage } from './storage.js';

export interface StorageUnderTest {
  storage: Storage;
  /** Everything the storage holds: stored files, and anything half-written or in flight. */
  leftovers(): Promise<string[]> | string[];
  close(): Promise<void> | void;
}

/**
 * What every Storage implementation must do (src/server/storage/storage.ts), written once and run
 * against each of them, so that the local disk and S3 stay interchangeable.
 */
export function describeStorageBehaviour(name: string, create: () => Promise<StorageUnderTest>): void {
  describe(`${name}: storage behaviour`, () => {
    let subject: StorageUnderTest;
    let storage: Storage;

    beforeEach(async () => {
      subject = await create();
      storage = subject.storage;
    });
    afterEach(() => subject.close());

    it('stores a stream, opens it again and deletes it', async () => {
      const stored = await storage.put(
        'private/orders/o1/robot.zip',
        Readable.from([Buffer.from('hello '), Buffer.from('robot')]),
      );
      expect(stored).toEqual({ key: 'private/orders/o1/robot.zip', size: 11 });
      const opened = await storage.open('private/orders/o1/robot.zip');
      expect(opened?.size).toBe(11);
      expect(await text(opened!.stream)).toBe('hello robot');
      await storage.delete('private/orders/o1/robot.zip');
      expect(await storage.open('private/orders/o1/robot.zip')).toBeNull();
      await storage.delete('private/orders/o1/robot.zip');
      expect(await subject.leftovers()).toEqual([]);
    });

    it('answers null for a file that was never stored', async () => {
      expect(await storage.open('public/images/missing.png')).toBeNull();
    });

    it('replaces a file stored under the same key', async () => {
      await storage.put('public/images/a.png', Readable.from([Buffer.from('first')]));
      await storage.put('public/images/a.png', Readable.from([Buffer.from('second')]));
      expect(await text((await storage.open('public/images/a.png'))!.stream)).toBe('second');
    });

    it('refuses a stream over the limit and leaves nothing behind', async () => {
      const chunks = Array.from({ length: 20 }, () => Buffer.alloc(1024, 1));
      await expect(
        storage.put('private/orders/o1/big.zip', Readable.from(chunks), { maxBytes: 10 * 1024 }),
      ).rejects.toBeInstanceOf(PayloadTooLargeError);
      expect(await subject.leftovers()).toEqual([]);
    });

    it('leaves nothing behind when the upload stream fails half-way', async () => {
      const failing = new Readable({
        read() {
          this.push(Buffer.alloc(1024));
          this.destroy(new Error('connection reset'));
        },
      });
      await expect(storage.put('private/orders/o1/cut.zip', failing)).rejects.toThrow('connection reset');
      expect(await subject.leftovers()).toEqual([]);
    });

    it('keeps an existing file when its replacement fails', async () => {
      await storage.put('private/orders/o1/robot.zip', Readable.from([Buffer.from('delivered')]));
      const tooBig = Readable.from([Buffer.alloc(2048)]);
      await expect(storage.put('private/orders/o1/robot.zip', tooBig, { maxBytes: 1024 })).rejects.toBeInstanceOf(
        PayloadTooLargeError,
      );
      expect(await text((await storage.open('private/orders/o1/robot.zip'))!.stream)).toBe('delivered');
    });

    it.each([
      '../etc/passwd',
      'private/../../x',
      '/private/x',
      'private/./x',
      'other/x',
      'private/a b',
      'private/',
      'private//x',
    ])('refuses the key %j', async (key) => {
      await expect(storage.put(key, Readable.from([Buffer.from('x')]))).rejects.toThrow('Invalid storage key');
      await expect(storage.open(key)).rejects.toThrow('Invalid storage key');
      await expect(storage.downloadUrl(key)).rejects.toThrow('Invalid storage key');
    });
  });
}
