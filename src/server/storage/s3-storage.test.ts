import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../../tests/support/s3-server.js';
import { createTestApp, testDialects } from '../../../tests/support/test-app.js';
import { PayloadTooLargeError } from '../errors.js';
import { attachment, S3_PART_SIZE, S3Storage } from './s3-storage.js';
import { describeStorageBehaviour } from './storage-behaviour.js';

// One S3-compatible server for the file; each test starts from an empty bucket.
let server: TestS3Server;
beforeAll(async () => {
  server = await startS3Server();
});
afterAll(() => server.close());

async function emptyBucket(storage: S3Storage): Promise<void> {
  for (const key of server.objects()) await storage.delete(key);
}

describeStorageBehaviour('S3', async () => {
  const storage = new S3Storage(server.config);
  await emptyBucket(storage);
  return {
    storage,
    leftovers: () => [...server.objects(), ...server.pendingUploads().map((id) => `multipart upload ${id}`)],
    close: () => storage.close(),
  };
});

/** `parts` parts of S3_PART_SIZE bytes and a short last one, made as they are read. */
function largeStream(parts: number, seed: Buffer): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent === parts) {
        this.push(seed);
        this.push(null);
        return;
      }
      sent += 1;
      this.push(Buffer.alloc(S3_PART_SIZE, sent));
    },
  });
}

describe('S3 storage', () => {
  let storage: S3Storage;
  beforeEach(async () => {
    storage = new S3Storage(server.config);
    await emptyBucket(storage);
    return () => storage.close();
  });

  it('uploads a large file in parts and reads it back whole', async () => {
    const tail = randomBytes(1000);
    const stored = await storage.put('private/robots/big/robot.zip', largeStream(2, tail), {
      maxBytes: 50 * 1024 * 1024,
    });
    expect(stored.size).toBe(2 * S3_PART_SIZE + 1000);
    const content = await buffer((await storage.open('private/robots/big/robot.zip'))!.stream);
    expect(content.length).toBe(stored.size);
    expect(content[0]).toBe(1);
    expect(content[S3_PART_SIZE]).toBe(2);
    expect(content.subarray(-1000).equals(tail)).toBe(true);
    expect(server.pendingUploads()).toEqual([]);
  });

  it('aborts a multipart upload that goes over the limit after parts were sent', async () => {
    await storage.put('private/robots/big/robot.zip', Readable.from([Buffer.from('the delivered robot')]));
    const refused = storage.put('private/robots/big/robot.zip', largeStream(3, Buffer.alloc(10)), {
      maxBytes: 2 * S3_PART_SIZE + 5,
    });
    await expect(refused).rejects.toBeInstanceOf(PayloadTooLargeError);
    expect(server.pendingUploads()).toEqual([]);
    expect(server.objects()).toEqual(['private/robots/big/robot.zip']);
    expect(await text((await storage.open('private/robots/big/robot.zip'))!.stream)).toBe('the delivered robot');
  });

  it('gives a presigned download link valid for at most 60 seconds, named for the browser', async () => {
    await storage.put('private/robots/r1/robot.ex5', Readable.from([Buffer.from('compiled robot')]));
    const url = new URL(
      await storage.downloadUrl('private/robots/r1/robot.ex5', {
        fileName: 'Gold Scalper.ex5',
        expiresInSeconds: 3600,
      }),
    );
    expect(url.searchParams.get('X-Amz-Expires')).toBe('60');
    expect(url.searchParams.get('response-content-disposition')).toBe(attachment('Gold Scalper.ex5'));
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('compiled robot');
    const shorter = new URL(await storage.downloadUrl('private/robots/r1/robot.ex5', { expiresInSeconds: 30 }));
    expect(shorter.searchParams.get('X-Amz-Expires')).toBe('30');
  });

  it('names a download with an ASCII fallback and the exact UTF-8 name', () => {
    expect(attachment('Robot "été".zip')).toBe(
      `attachment; filename="Robot __t__.zip"; filename*=UTF-8''Robot%20%22%C3%A9t%C3%A9%22.zip`,
    );
  });
});

describe.each(testDialects)('a shop on %s configured with STORAGE=s3', (dialect) => {
  it('keeps its files in the bucket', async () => {
    const { config } = server;
    const shop = await createTestApp(dialect, {
      STORAGE: 's3',
      S3_BUCKET: config.bucket,
      S3_ENDPOINT: config.endpoint!,
      S3_ACCESS_KEY_ID: config.credentials!.accessKeyId,
      S3_SECRET_ACCESS_KEY: config.credentials!.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    });
    try {
      await shop.app.storage.put('public/images/banner.png', Readable.from([Buffer.from('png bytes')]));
      expect(server.objects()).toContain('public/images/banner.png');
      expect(await shop.app.storage.downloadUrl('public/images/banner.png')).toMatch(
        /^http:\/\/127\.0\.0\.1:\d+\/tradebot-test\/public\/images\/banner\.png\?/,
      );
    } finally {
      await shop.close();
    }
  });
});
