import { IMAGE_VARIANT_WIDTHS } from '../../../shared/image-variants.js';
import type { ImageType } from '../../../shared/image-types.js';

/** The uploads that get WebP variants: photos. SVG scales by itself; GIF may be animated; BMP and icons are small. */
export const PHOTO_TYPES: readonly ImageType[] = ['jpeg', 'png', 'webp'];

export interface PhotoVariant {
  width: number;
  body: Buffer;
}

/**
 * The WebP copies of a photo at IMAGE_VARIANT_WIDTHS, never wider than the photo itself (a
 * narrower photo gives the same file for the larger widths, so every width has its file and the
 * storefront's `srcset` needs no knowledge of the original's size). Rotated by its EXIF
 * orientation, as a browser shows the original. Null when the file does not decode as an image:
 * the upload is then kept as sent, without variants.
 */
export async function makePhotoVariants(photo: Buffer): Promise<PhotoVariant[] | null> {
  // sharp is loaded with the first photo: libvips adds some 30 MB to a process's memory at load,
  // and only an administrator's uploads need it (issue 21 §5).
  const { default: sharp } = await import('sharp');
  try {
    // failOn 'error': a truncated file gets no variants rather than half-drawn ones.
    const source = sharp(photo, { failOn: 'error' }).rotate();
    return await Promise.all(
      IMAGE_VARIANT_WIDTHS.map(async (width) => ({
        width,
        body: await source.clone().resize({ width, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer(),
      })),
    );
  } catch {
    return null;
  }
}
