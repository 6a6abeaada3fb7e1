import { useState } from 'react';
import { ROBOT_FALLBACK_IMAGE } from '../../../../shared/constants.js';
import { imageSizes, imageSrcSet } from '../../../../shared/image-variants.js';

// Intrinsic size of the 16:9 frame; with CSS aspect-ratio the space is reserved before the image loads.
const WIDTH = 640;
const HEIGHT = 360;

type RobotImageProps = {
  src: string | null;
  alt: string;
  /** Cards below the first row load lazily; the first row may be the largest paint. */
  eager: boolean;
};

/** A robot's picture, or the stock illustration when it has none or its file fails to load. */
export function RobotImage({ src, alt, eager }: RobotImageProps) {
  const [failed, setFailed] = useState(false);
  const shown = src && !failed ? src : ROBOT_FALLBACK_IMAGE;
  // An uploaded photo in the WebP width of a card, rather than the owner's full-size file.
  const srcSet = imageSrcSet(shown);
  return (
    <img
      src={shown}
      srcSet={srcSet}
      sizes={srcSet && imageSizes.robotCard}
      alt={alt}
      width={WIDTH}
      height={HEIGHT}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailed(true)}
      className="aspect-video w-full bg-slate-800 object-cover"
    />
  );
}
