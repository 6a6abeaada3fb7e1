import type { Slide } from '../../../../shared/banner-slides.js';
import { useLocalized } from '../../../lib/use-localized';
import { usePageLoaded } from '../use-page-loaded';
import { imageSizes, imageSrcSet } from '../../../../shared/image-variants.js';
import { youtubeEmbedUrl } from '../../../../shared/youtube-id.js';

/** The banners' frame is 8:3 (1600 x 600); the size is stated so the browser reserves it. */
const IMAGE_WIDTH = 1600;
const IMAGE_HEIGHT = 600;

type BannerSlideProps = {
  slide: Slide;
  current: boolean;
  /** The first slide may be the largest element of the first paint: it loads at once and first. */
  first: boolean;
};

/**
 * A YouTube player is heavy: it is created only while its slide is shown, and not before the
 * page itself has loaded, so it never competes with the first paint.
 */
function YoutubeSlide({ videoId, title, current }: { videoId: string; title: string; current: boolean }) {
  const pageLoaded = usePageLoaded();
  if (!current || !pageLoaded) return null;
  return (
    <iframe
      src={youtubeEmbedUrl(videoId)}
      title={title}
      allow="autoplay; encrypted-media; picture-in-picture"
      referrerPolicy="strict-origin-when-cross-origin"
      className="size-full border-0"
    />
  );
}

export function BannerSlide({ slide, current, first }: BannerSlideProps) {
  // The banner's title in the reader's language, else the shop's (issue 19 §2).
  const title = useLocalized()(slide.title);
  if (slide.kind === 'youtube') return <YoutubeSlide videoId={slide.videoId} title={title} current={current} />;
  // An uploaded photo in the WebP width of the screen; the server's head preloads the first one.
  const srcSet = imageSrcSet(slide.src);
  return (
    <img
      src={slide.src}
      srcSet={srcSet}
      sizes={srcSet && imageSizes.banner}
      alt={title}
      width={IMAGE_WIDTH}
      height={IMAGE_HEIGHT}
      loading={first ? 'eager' : 'lazy'}
      fetchPriority={first ? 'high' : 'auto'}
      decoding="async"
      className="size-full object-cover"
    />
  );
}
