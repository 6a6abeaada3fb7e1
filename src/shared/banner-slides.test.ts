import { describe, expect, it } from 'vitest';
import type { HeroBanner } from './schemas/catalogue.js';
import { toSlides } from './banner-slides.js';

function banner(id: string, type: HeroBanner['type'], content_url: string): HeroBanner {
  return {
    id,
    title: { en: `Banner ${id}`, fr: `Bannière ${id}` },
    type,
    content_url,
    order_index: Number(id),
    active: true,
    created_date: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  };
}

describe('toSlides', () => {
  it('keeps the banners in order, with the video id of YouTube banners', () => {
    expect(
      toSlides([banner('1', 'image', '/demo/banners/a.svg'), banner('2', 'youtube', 'https://youtu.be/PHe0bXAIuk0')]),
    ).toEqual([
      { kind: 'image', id: '1', title: { en: 'Banner 1', fr: 'Bannière 1' }, src: '/demo/banners/a.svg' },
      { kind: 'youtube', id: '2', title: { en: 'Banner 2', fr: 'Bannière 2' }, videoId: 'PHe0bXAIuk0' },
    ]);
  });

  it('skips YouTube banners without a valid id and image banners without an address', () => {
    const slides = toSlides([
      banner('1', 'youtube', 'https://vimeo.com/123'),
      banner('2', 'image', '  '),
      banner('3', 'image', '/b.png'),
    ]);
    expect(slides.map((slide) => slide.id)).toEqual(['3']);
  });
});
