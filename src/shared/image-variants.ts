/**
 * Smaller WebP copies of an uploaded photo, made when it is uploaded (modules/uploads), so that a
 * phone downloads a picture of its own size instead of the owner's full-size file. The upload
 * route writes them beside the original; the storefront names them in `srcset`, and the server in
 * the head's image preload. Kept apart from image-types.ts, which only the back office loads.
 */

/** The widths made of every photo, in pixels; a photo narrower than one is not enlarged. */
export const IMAGE_VARIANT_WIDTHS = [400, 800, 1200, 1600] as const;

/** An original upload that has variants: a photo under /files/public/images/ (not SVG, GIF…). */
const variantSource = /^(\/files\/public\/images\/[0-9a-f-]{36})\.(?:jpg|png|webp)$/;

/** The address of one variant of an uploaded photo. */
export function imageVariantPath(base: string, width: number): string {
  return `${base}-${width}w.webp`;
}

/**
 * The `srcset` of an image address: its WebP variants for an uploaded photo, undefined for
 * anything else (an SVG, a demo picture, another host), which keeps its plain `src`.
 */
export function imageSrcSet(url: string | null | undefined): string | undefined {
  const base = url ? variantSource.exec(url)?.[1] : undefined;
  if (!base) return undefined;
  return IMAGE_VARIANT_WIDTHS.map((width) => `${imageVariantPath(base, width)} ${width}w`).join(', ');
}

/** How wide each picture is drawn, for `sizes` (Tailwind's md and lg breakpoints). */
export const imageSizes = {
  /** A robot's page: the whole column on a phone, half of the header beside the order card above md. */
  robotPicture: '(min-width: 1024px) 440px, (min-width: 768px) 50vw, 100vw',
  /** A catalogue card: one to four to a row. */
  robotCard: '(min-width: 1280px) 25vw, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw',
  /** A hero banner: the page's width (7xl at most). */
  banner: '(min-width: 1280px) 1280px, 100vw',
} as const;
