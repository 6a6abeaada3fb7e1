import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from './local-disk-storage.js';
import { describeStorageBehaviour } from './storage-behaviour.js';

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

function temporaryRoot(): string {
  return mkdtempSync(path.join(tmpdir(), 'tradebot-storage-'));
}

describeStorageBehaviour('local disk', async () => {
  const root = temporaryRoot();
  return {
    storage: new LocalDiskStorage(root),
    leftovers: () => filesUnder(root),
    close: () => rmSync(root, { recursive: true, force: true }),
  };
});

describe('local disk storage', () => {
  const roots: string[] = [];
  afterEach(() => {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  });

  it('removes partial files a killed process left, when it starts again', () => {
    const root = temporaryRoot();
    roots.push(root);
    new LocalDiskStorage(root);
    writeFileSync(path.join(root, '.partial', 'left-by-kill-9'), 'half a robot');
    new LocalDiskStorage(root);
    expect(filesUnder(root)).toEqual([]);
  });

  it('has no download address of its own: the server streams its files', async () => {
    const root = temporaryRoot();
    roots.push(root);
    const storage = new LocalDiskStorage(root);
    await storage.put('private/orders/o1/robot.zip', Readable.from([Buffer.from('robot')]));
    expect(await storage.downloadUrl('private/orders/o1/robot.zip')).toBeNull();
  });
});
