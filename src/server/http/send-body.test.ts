import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileReader } from '../storage/file-reader.js';
import { giveBackReadBuffer, idleReadBuffers, READ_BUFFER_BYTES, takeReadBuffer } from '../storage/read-buffers.js';
import { sendBody } from './send-body.js';

let dir: string;
let server: Server;
let base: string;
const files = new Map<string, Buffer>();
const outcomes: (Error | null)[] = [];
const openFiles = () => readdirSync('/proc/self/fd').length;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'tradebot-send-body-'));
  // Sizes that are not a multiple of the read buffer, so the last read is a short one.
  for (const [name, size] of [
    ['a', 5 * READ_BUFFER_BYTES + 1234],
    ['b', 7 * READ_BUFFER_BYTES + 99],
    ['big', 64 * READ_BUFFER_BYTES],
  ] as const) {
    const content = randomBytes(size);
    files.set(name, content);
    writeFileSync(path.join(dir, name), content);
  }
  server = createServer((req, res) => {
    const name = req.url!.slice(1);
    const content = files.get(name)!;
    res.writeHead(200, { 'content-length': content.length });
    void sendBody(res, new FileReader(path.join(dir, name), 0, content.length)).then((outcome) =>
      outcomes.push(outcome),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Fetches a file through a client that stops reading now and then, so writes wait on the socket. */
function slowFetch(name: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    request(`${base}/${name}`, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        if (chunks.length % 16 === 0) {
          res.pause();
          setTimeout(() => res.resume(), 5);
        }
      });
      res.on('end', () => resolve(Buffer.concat(chunks)));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

describe('reused read buffers', () => {
  it('takes back a buffer once, and ignores chunks it did not lend', () => {
    const before = idleReadBuffers();
    const lent = takeReadBuffer();
    const afterTake = idleReadBuffers();
    giveBackReadBuffer(lent.subarray(0, 10));
    giveBackReadBuffer(lent);
    giveBackReadBuffer(Buffer.alloc(READ_BUFFER_BYTES));
    expect(afterTake).toBe(Math.max(0, before - 1));
    expect(idleReadBuffers()).toBe(afterTake + 1);
  });

  it('sends concurrent files whole and unmixed while their buffers are reused, then keeps a few idle', async () => {
    outcomes.length = 0;
    // Several rounds of two at a time: a buffer given back too early would show another file's bytes.
    for (let round = 0; round < 3; round += 1) {
      const [a, b] = await Promise.all([slowFetch('a'), slowFetch('b')]);
      expect(sha(a)).toBe(sha(files.get('a')!));
      expect(sha(b)).toBe(sha(files.get('b')!));
    }
    // The last answer may end on the server a moment after its client has every byte.
    await expect.poll(() => outcomes.length).toBe(6);
    expect(outcomes).toEqual([null, null, null, null, null, null]);
    expect(idleReadBuffers()).toBeGreaterThan(0);
    expect(idleReadBuffers()).toBeLessThanOrEqual(8);
  });

  it('stops reading and closes the file when the client goes away mid-answer', async () => {
    outcomes.length = 0;
    const filesBefore = openFiles();
    await new Promise<void>((resolve, reject) => {
      const req = request(`${base}/big`, (res) => {
        let received = 0;
        res.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > 3 * READ_BUFFER_BYTES) req.destroy();
        });
        res.on('error', () => undefined);
        req.on('close', () => resolve());
      }).on('error', reject);
      req.end();
    });
    await expect.poll(() => outcomes.length).toBe(1);
    // A client that left is no failure of ours.
    expect(outcomes[0]).toBeNull();
    await expect.poll(() => openFiles()).toBeLessThanOrEqual(filesBefore);
  });
});

describe('FileReader', () => {
  it('reads a range, both ends as given, and stops early when the file became shorter', async () => {
    const content = files.get('a')!;
    const middle = await buffer(new FileReader(path.join(dir, 'a'), 1000, READ_BUFFER_BYTES + 5000));
    expect(middle.equals(content.subarray(1000, READ_BUFFER_BYTES + 5000))).toBe(true);
    const pastTheEnd = await buffer(new FileReader(path.join(dir, 'a'), content.length - 10, content.length + 500));
    expect(pastTheEnd.equals(content.subarray(content.length - 10))).toBe(true);
  });

  it('fails with the file system error for a missing file', async () => {
    await expect(buffer(new FileReader(path.join(dir, 'missing'), 0, 10))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('closes its file when destroyed during a read', async () => {
    const filesBefore = openFiles();
    const reader = new FileReader(path.join(dir, 'big'), 0, files.get('big')!.length);
    await new Promise((resolve) => reader.once('readable', resolve));
    reader.read();
    reader.destroy();
    await new Promise((resolve) => reader.once('close', resolve));
    await expect.poll(() => openFiles()).toBeLessThanOrEqual(filesBefore);
  });
});
