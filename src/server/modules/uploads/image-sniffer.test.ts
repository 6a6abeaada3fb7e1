import { describe, expect, it } from 'vitest';
import { sniffImageType } from './image-sniffer.js';

const bytes = (...values: number[]) => Buffer.from(values);

describe('sniffImageType', () => {
  it('recognises each accepted type by its content', () => {
    expect(sniffImageType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0))).toBe('png');
    expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpeg');
    expect(sniffImageType(Buffer.from('GIF89a....'))).toBe('gif');
    expect(sniffImageType(Buffer.concat([Buffer.from('RIFF'), bytes(1, 2, 3, 4), Buffer.from('WEBPVP8 ')]))).toBe(
      'webp',
    );
    const bmp = Buffer.alloc(30);
    bmp.write('BM');
    bmp.writeUInt32LE(40, 14);
    expect(sniffImageType(bmp)).toBe('bmp');
    expect(sniffImageType(bytes(0, 0, 1, 0, 1, 0, 16, 16))).toBe('icon');
    expect(
      sniffImageType(Buffer.from('<?xml version="1.0"?>\n<!-- logo --><svg xmlns="http://www.w3.org/2000/svg"></svg>')),
    ).toBe('svg');
  });

  it('refuses anything else, whatever its name', () => {
    expect(sniffImageType(Buffer.from('<?php system($_GET["c"]); ?>'))).toBeNull();
    expect(sniffImageType(Buffer.from('<html><svg></svg></html>'))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
    expect(sniffImageType(Buffer.from('PK\u0003\u0004'))).toBeNull();
  });
});
