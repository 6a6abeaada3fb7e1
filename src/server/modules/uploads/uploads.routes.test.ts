import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signInAdmin } from '../../../../tests/support/factories.js';
import { withShop, type Shop } from '../../../../tests/support/shop.js';
import { createTestApp, testDialects, type TestApp } from '../../../../tests/support/test-app.js';

/** A real photo `width` pixels wide (8:3, like a banner), which the variants are made of. */
function photo(width: number, format: 'png' | 'jpeg'): Promise<Buffer> {
  const height = Math.round((width * 3) / 8);
  return sharp({ create: { width, height, channels: 3, background: { r: 16, g: 185, b: 129 } } })
    .toFormat(format)
    .toBuffer();
}

/** Only a PNG's signature: it passes the type check but does not decode. */
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);

function multipartBody(filename: string, content: Buffer, field = 'file') {
  const boundary = '----tradebot-test-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe.each(testDialects)('public image uploads on %s', (dialect) => {
  let shop: Shop;
  const storedFiles = () => {
    const root = path.join(shop.dataDir, 'storage');
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
  };
  const upload = (filename: string, content: Buffer, kind = 'robot', field = 'file') => {
    const { body, contentType } = multipartBody(filename, content, field);
    return shop.admin.post(`/api/admin/uploads/image?kind=${kind}`, body, { 'content-type': contentType });
  };

  beforeAll(async () => {
    shop = await withShop(dialect);
  });
  afterAll(() => shop.close());

  it('stores an image under a generated name and serves it with long caching', async () => {
    const response = await upload('My Robot.png', PNG);
    expect(response.statusCode).toBe(201);
    const { url } = response.json<{ url: string }>();
    expect(url).toMatch(/^\/files\/public\/images\/[0-9a-f-]{36}\.png$/);
    const served = await shop.app.inject(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it('makes WebP variants of an uploaded photo at 400, 800, 1200 and 1600 pixels, never enlarged', async () => {
    const wide = await upload('banner.png', await photo(2000, 'png'), 'banner');
    expect(wide.statusCode).toBe(201);
    const { url } = wide.json<{ url: string }>();
    const base = url.replace(/\.png$/, '');
    for (const width of [400, 800, 1200, 1600]) {
      const served = await shop.app.inject(`${base}-${width}w.webp`);
      expect(served.statusCode, `${width}w`).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(served.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, Math.round((width * 3) / 8)]);
    }

    // A photo 600 pixels wide: the wider variants are the photo at its own size.
    const narrow = await upload('robot.jpg', await photo(600, 'jpeg'));
    const narrowBase = narrow.json<{ url: string }>().url.replace(/\.jpg$/, '');
    const widths = [];
    for (const width of [400, 800, 1200, 1600])
      widths.push((await sharp((await shop.app.inject(`${narrowBase}-${width}w.webp`)).rawPayload).metadata()).width);
    expect(widths).toEqual([400, 600, 600, 600]);
  });

  it('serves photos as they are, with their length, to a browser that accepts compression', async () => {
    // PNG, JPEG and WebP are compressed already: compressing them again is CPU for nothing.
    const png = await photo(1200, 'png');
    const { url } = (await upload('photo.png', png, 'banner')).json<{ url: string }>();
    const jpeg = await photo(800, 'jpeg');
    const jpegUrl = (await upload('photo.jpg', jpeg)).json<{ url: string }>().url;
    const browser = { 'accept-encoding': 'gzip, deflate, br' };
    for (const [address, content] of [
      [url, png],
      [jpegUrl, jpeg],
      [url.replace(/\.png$/, '-800w.webp'), null],
    ] as const) {
      const served = await shop.app.inject({ url: address, headers: browser });
      expect(served.statusCode, address).toBe(200);
      expect(served.headers['content-encoding'], address).toBeUndefined();
      expect(served.headers['content-length'], address).toBe(String(served.rawPayload.length));
      if (content) expect(served.rawPayload.equals(content), address).toBe(true);
    }
  });

  it('sends the address of a variant never made to its original, and of no original to a 404', async () => {
    // The signature-only PNG is stored but does not decode: it has no variants.
    const { url } = (await upload('broken.png', PNG)).json<{ url: string }>();
    const variant = await shop.app.inject(url.replace(/\.png$/, '-800w.webp'));
    expect(variant.statusCode).toBe(302);
    expect(variant.headers.location).toBe(url);
    expect(variant.headers['cache-control']).toBe('public, max-age=86400');
    const orphan = await shop.app.inject('/files/public/images/00000000-0000-4000-8000-000000000000-800w.webp');
    expect(orphan.statusCode).toBe(404);
  });

  it('refuses an 11 MB image, a .php renamed .png, a ../ name and a type the field does not take, leaving nothing', async () => {
    const before = storedFiles();
    const tooBig = await upload('big.png', Buffer.concat([PNG, Buffer.alloc(11 * 1024 * 1024)]));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.message).toBe('File too large. Please upload an image smaller than 10MB.');
    const php = await upload('shell.png', Buffer.from('<?php system($_GET["c"]); ?>'));
    expect(php.statusCode).toBe(415);
    expect(php.json().error.message).toBe(
      'Invalid file type. Please upload a valid image file (JPEG, PNG, GIF, WebP, or SVG).',
    );
    expect((await upload('../../escape.png', PNG)).statusCode).toBe(400);
    expect((await upload('..', PNG)).statusCode).toBe(400);
    expect(
      (await upload('logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'robot')).statusCode,
    ).toBe(415);
    expect((await upload('photo.png', PNG, 'robot', 'image')).statusCode).toBe(400);
    expect(storedFiles()).toEqual(before);
  });

  it('serves only public files that exist', async () => {
    for (const url of [
      '/files/public/images/none.png',
      '/files/public/../private/x.png',
      '/files/private/orders/x.zip',
      '/files/public/images/%2e%2e/x.png',
    ]) {
      expect((await shop.app.inject(url)).statusCode, url).toBe(404);
    }
  });
});

describe.each(testDialects)('a WebP variant the storage cannot take, on %s', (dialect) => {
  let shop: TestApp;
  const logLines: string[] = [];

  beforeAll(async () => {
    shop = await createTestApp(dialect, {}, { logLines });
  });
  afterAll(() => shop.close());

  it('is logged, and the upload still succeeds with its original and the variants stored before it', async () => {
    // The storage takes the original and the 400-pixel copy, then refuses the 800-pixel one.
    const { storage } = shop.app;
    const put = storage.put.bind(storage);
    const refused = vi.spyOn(storage, 'put').mockImplementation((key, body, options) => {
      if (!key.endsWith('-800w.webp')) return put(key, body, options);
      body.resume();
      return Promise.reject(new Error('storage quota exceeded'));
    });
    try {
      const { body, contentType } = multipartBody('banner.png', await photo(2000, 'png'));
      const response = await (
        await signInAdmin(shop.app)
      ).post('/api/admin/uploads/image?kind=banner', body, {
        'content-type': contentType,
      });
      expect(response.statusCode).toBe(201);
      expect(refused).toHaveBeenCalledWith(expect.stringMatching(/-800w\.webp$/), expect.anything(), expect.anything());
      const { url } = response.json<{ url: string }>();

      const original = await shop.app.inject(url);
      expect(original.statusCode).toBe(200);
      expect(original.headers['content-type']).toBe('image/png');
      const smallest = await shop.app.inject(url.replace(/\.png$/, '-400w.webp'));
      expect(smallest.statusCode).toBe(200);
      expect(smallest.headers['content-type']).toBe('image/webp');
      // The copy the storage refused is not there: its address leads to the original.
      const missing = await shop.app.inject(url.replace(/\.png$/, '-800w.webp'));
      expect(missing.statusCode).toBe(302);
      expect(missing.headers.location).toBe(url);

      const logged = logLines.map(
        (line) => JSON.parse(line) as { level: number; msg: string; key?: string; err?: { message?: string } },
      );
      expect(logged).toContainEqual(
        expect.objectContaining({
          level: 40,
          msg: 'a WebP variant of an uploaded photo could not be stored',
          key: url.replace(/^\/files\//, ''),
          err: expect.objectContaining({ message: 'storage quota exceeded' }),
        }),
      );
    } finally {
      refused.mockRestore();
    }
  });
});
