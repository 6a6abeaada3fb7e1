import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PayloadTooLargeError } from '../errors.js';
import { LocalDiskStorage } from './local-disk-storage.js';

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

describe('local disk storage', () => {
  let root: string;
  let storage: LocalDiskStorage;

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'tradebot-storage-'));
    storage = new LocalDiskStorage(root);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('stores a stream, opens it again and deletes it', async () => {
    const stored = await storage.put('private/orders/o1/robot.zip', Readable.from([Buffer.from('hello '), Buffer.from('robot')]));
    expect(stored).toEqual({ key: 'private/orders/o1/robot.zip', size: 11 });
    const opened = await storage.open('private/orders/o1/robot.zip');
    expect(opened?.size).toBe(11);
    expect(await text(opened!.stream)).toBe('hello robot');
    await storage.delete('private/orders/o1/robot.zip');
    expect(await storage.open('private/orders/o1/robot.zip')).toBeNull();
    await storage.delete('private/orders/o1/robot.zip');
  });

  it('replaces a file stored under the same key', async () => {
    await storage.put('public/images/a.png', Readable.from([Buffer.from('first')]));
    await storage.put('public/images/a.png', Readable.from([Buffer.from('second')]));
    expect(await text((await storage.open('public/images/a.png'))!.stream)).toBe('second');
  });

  it('refuses a stream over the limit and leaves nothing behind', async () => {
    const chunks = Array.from({ length: 20 }, () => Buffer.alloc(1024, 1));
    await expect(storage.put('private/orders/o1/big.zip', Readable.from(chunks), { maxBytes: 10 * 1024 })).rejects.toBeInstanceOf(PayloadTooLargeError);
    expect(filesUnder(root)).toEqual([]);
  });

  it('leaves nothing behind when the upload stream fails half-way', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(1024));
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(storage.put('private/orders/o1/cut.zip', failing)).rejects.toThrow('connection reset');
    expect(filesUnder(root)).toEqual([]);
  });

  it('keeps an existing file when its replacement fails', async () => {
    await storage.put('private/orders/o1/robot.zip', Readable.from([Buffer.from('delivered')]));
    const tooBig = Readable.from([Buffer.alloc(2048)]);
    await expect(storage.put('private/orders/o1/robot.zip', tooBig, { maxBytes: 1024 })).rejects.toBeInstanceOf(PayloadTooLargeError);
    expect(await text((await storage.open('private/orders/o1/robot.zip'))!.stream)).toBe('delivered');
  });

  it('removes partial files a killed process left, when it starts again', async () => {
    const leftover = path.join(root, '.partial', 'left-by-kill-9');
    writeFileSync(leftover, 'half a robot');
    new LocalDiskStorage(root);
    expect(filesUnder(root)).toEqual([]);
  });

  it.each(['../etc/passwd', 'private/../../x', '/private/x', 'private/./x', 'other/x', 'private/a b', 'private/', 'private//x'])(
    'refuses the key %j',
    async (key) => {
      await expect(storage.put(key, Readable.from([Buffer.from('x')]))).rejects.toThrow('Invalid storage key');
      await expect(storage.open(key)).rejects.toThrow('Invalid storage key');
    },
  );
});
