import type { ImageType } from '../../../shared/image-types.js';

/** Bytes needed to recognise every accepted type (an SVG's root element may follow a prolog). */
export const SNIFF_BYTES = 1024;

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  signature.every((byte, index) => bytes[offset + index] === byte);

/**
 * The image type of a file by its first bytes (its magic number), whatever its name says: a PHP
 * script renamed .png is no PNG. Null when it is none of the accepted types.
 */
export function sniffImageType(head: Buffer): ImageType | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (head.subarray(0, 6).toString('latin1') === 'GIF87a' || head.subarray(0, 6).toString('latin1') === 'GIF89a')
    return 'gif';
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'webp';
  if (startsWith(head, [0x42, 0x4d]) && head.length >= 26 && head.readUInt32LE(14) >= 12) return 'bmp';
  if (startsWith(head, [0x00, 0x00, 0x01, 0x00]) && head.length >= 6 && head.readUInt16LE(4) > 0) return 'icon';
  // SVG is text: an optional BOM, XML prolog, comments or doctype, then the <svg root element.
  const text = head.toString('utf8').replace(/^\uFEFF/, '');
  if (/^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE svg[^>]*>\s*)*<svg[\s>]/i.test(text)) return 'svg';
  return null;
}
