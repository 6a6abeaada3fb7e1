import { describe, expect, it } from 'vitest';
import { imagePreloadTag } from './head-tags.js';

describe('the preload of a page’s largest picture', () => {
  it('names an uploaded photo’s WebP variants with the sizes of its <img>, and any other picture by its address', () => {
    const variants = '/files/public/images/0b8f0a4e-3c1d-4e59-9a7e-2f6a1c9d8e71';
    expect(imagePreloadTag(`${variants}.jpg`, '100vw')).toBe(
      `\n    <link rel="preload" as="image" imagesrcset="${variants}-400w.webp 400w, ${variants}-800w.webp 800w, ` +
        `${variants}-1200w.webp 1200w, ${variants}-1600w.webp 1600w" imagesizes="100vw" fetchpriority="high">`,
    );
    expect(imagePreloadTag('/demo/robots/a&b.svg', '100vw')).toBe(
      '\n    <link rel="preload" as="image" href="/demo/robots/a&amp;b.svg" fetchpriority="high">',
    );
    expect(imagePreloadTag('https://cdn.example.com/robot.png', '100vw')).toBe(
      '\n    <link rel="preload" as="image" href="https://cdn.example.com/robot.png" fetchpriority="high">',
    );
  });
});
