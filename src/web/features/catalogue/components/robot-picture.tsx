import { useState } from 'react';
import { ROBOT_FALLBACK_IMAGE } from '../../../../shared/constants.js';
import { imageSizes, imageSrcSet } from '../../../../shared/image-variants.js';

/**
 * The robot's picture at the top of its page, likely the largest paint: it loads first. Its 16:9
 * frame is reserved before the file arrives; a missing or broken file shows the fallback. The
 * picture is shown whole (contained, not cropped): text an owner put in it stays readable. An
 * uploaded photo comes in the WebP width that fits the screen; the server's head preloads the same.
 */
export function RobotPicture({ src, alt }: { src: string | null; alt: string }) {
  const [failed, setFailed] = useState(false);
  const shown = src && !failed ? src : ROBOT_FALLBACK_IMAGE;
  const srcSet = imageSrcSet(shown);
  return (
    <img
      src={shown}
      srcSet={srcSet}
      sizes={srcSet && imageSizes.robotPicture}
      alt={alt}
      width={640}
      height={360}
      fetchPriority="high"
      decoding="async"
      onError={() => setFailed(true)}
      className="aspect-video w-full rounded-xl border border-slate-800 bg-slate-900 object-contain"
    />
  );
}
