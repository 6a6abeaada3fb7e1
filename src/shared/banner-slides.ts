import type { LocalizedText } from './localized-text.js';
import type { HeroBanner } from './schemas/catalogue.js';
import { youtubeVideoId } from './youtube-id.js';

/** A slide's title is in each language: the carousel shows the reader's (issue 19 §2). */
export type Slide =
  | { kind: 'image'; id: string; title: LocalizedText; src: string }
  | { kind: 'youtube'; id: string; title: LocalizedText; videoId: string };

/**
 * The slides to show, in the banners' order (the storefront's carousel; the server preloads the
 * first one's picture). A banner that cannot be shown (no address, or a
 * YouTube address without a recognisable video id) is left out rather than shown broken.
 */
export function toSlides(banners: readonly HeroBanner[]): Slide[] {
  const slides: Slide[] = [];
  for (const banner of banners) {
    const address = banner.content_url.trim();
    if (banner.type === 'image') {
      if (address !== '') slides.push({ kind: 'image', id: banner.id, title: banner.title, src: address });
    } else {
      const videoId = youtubeVideoId(address);
      if (videoId !== null) slides.push({ kind: 'youtube', id: banner.id, title: banner.title, videoId });
    }
  }
  return slides;
}
